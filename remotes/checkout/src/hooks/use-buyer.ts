import type { ActiveSubscription, PaymentSystem } from '@companion/contracts';
import { useVisitor } from '@companion/remote-kit';

/** Who is buying, as the plan rules need it. */
export interface Buyer {
  /** The shell has published the user: product lists may be fetched. */
  ready: boolean;
  userId: string | null;
  active: ActiveSubscription | null;
  /**
   * The "active payment system" of the badge rule (001 §2): the live subscription's, else the provider the server
   * chose for this buyer (001 §1: yuno for US/CA visitors without a utm source), not the bare preference.
   */
  paymentSystem: PaymentSystem | null;
  /** The provider the server will use for a checkout (`GET User` `paymentSystem`), null until the user is known. */
  provider: PaymentSystem | null;
  /** A saved card exists: one-click and plan changes on it are possible (001 §5). */
  hasCard: boolean;
}

/** The buyer from the shell's replayed session and user. */
export function useBuyer(): Buyer {
  const { user } = useVisitor();
  const active = user?.activeSubscription ?? null;
  const preferred = user?.userFeatures.preferredPaymentMethod ?? null;
  // The wire user carries the server's choice (001 §1 yuno rule); the contracts' `User` does not name it.
  const chosen = user && 'paymentSystem' in user ? (user as { paymentSystem?: unknown }).paymentSystem : null;
  const provider = typeof chosen === 'string' ? chosen : preferred;
  const paymentSystem = active?.paymentSystem ?? provider;
  return {
    // The user, not the session state, decides: a reload may replay the user before any session change.
    ready: Boolean(user),
    userId: user?.id ?? null,
    active,
    paymentSystem,
    provider: typeof chosen === 'string' ? chosen : paymentSystem,
    hasCard: user?.isCardTokenExists ?? false,
  };
}
