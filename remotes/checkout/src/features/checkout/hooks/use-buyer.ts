import type { ActiveSubscription, PaymentSystem } from '@companion/contracts';
import { useVisitor } from '@companion/remote-kit';

/** Who is buying, as the plan rules need it. */
export interface Buyer {
  /** The shell has published a session and a user: product lists may be fetched. */
  ready: boolean;
  userId: string | null;
  active: ActiveSubscription | null;
  /** The provider the badge rule looks at: the live subscription's, else the user's preferred one (001 §1). */
  paymentSystem: PaymentSystem | null;
}

/** The buyer from the shell's replayed session and user. */
export function useBuyer(): Buyer {
  const { session, user } = useVisitor();
  const active = user?.activeSubscription ?? null;
  return {
    ready: Boolean(session && session.status !== 'loading' && user),
    userId: user?.id ?? null,
    active,
    paymentSystem: active?.paymentSystem ?? user?.userFeatures.preferredPaymentMethod ?? null,
  };
}
