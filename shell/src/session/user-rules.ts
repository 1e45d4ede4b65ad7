import type { PaymentSystem, User } from '@companion/contracts';
import type { AuthStore } from './auth-store.ts';

/** The default card provider (spec 001 §1), used when the user carries no preferred payment method. */
const DEFAULT_PAYMENT_METHOD: PaymentSystem = 'solidgate';

/** Spec 000 §4 "User fetch": what a settled `GET User` leaves in persisted state. */
export function applyUserFetch(store: AuthStore, user: User | null): void {
  if (!user) {
    // Failure clears the user (the payment method choice is kept).
    const previous = store.user();
    store.setUser(previous ? { ...previous, user: null } : null);
    return;
  }
  store.setUser({
    user,
    paymentMethod: user.userFeatures?.preferredPaymentMethod || DEFAULT_PAYMENT_METHOD,
  });
  // "Clears it when NSFW is off": off is the visitor's SFW choice (recorded, NSFW not on), not a new account's
  // default, or no ad visitor's attribution would outlive its first user fetch (ADR 0320).
  if (user.nEnabled && user.utmSource) store.setAttribution(user.utmSource);
  else if (user.isSConfirmed && !user.nEnabled) store.setAttribution(null);
  if (user.isNConfirmed) store.setAgeConfirm('n');
  else if (user.isSConfirmed) store.setAgeConfirm('s');
  store.addConfirmations({ isNConfirmed: user.isNConfirmed, isSConfirmed: user.isSConfirmed });
  // "A user without an email keeps a generated id stored locally"; with an email it refreshes as registered.
  if (user.email) store.setGeneratedUserId(null);
  else if (!store.generatedUserId()) store.setGeneratedUserId(user.id);
}
