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
  if (!user.nEnabled) store.setAttribution(null);
  else if (user.utmSource) store.setAttribution(user.utmSource);
  if (user.isNConfirmed) store.setAgeConfirm('n');
  else if (user.isSConfirmed) store.setAgeConfirm('s');
  store.addConfirmations({ isNConfirmed: user.isNConfirmed, isSConfirmed: user.isSConfirmed });
  // "A user without an email keeps a generated id stored locally"; with an email it refreshes as registered.
  if (user.email) store.setGeneratedUserId(null);
  else if (!store.generatedUserId()) store.setGeneratedUserId(user.id);
}
