import type { PaymentSystem } from '@companion/contracts';

/**
 * Which checkout screen a buyer gets (001 §2 "Checkout screens"):
 * - 'pending': the provider is not known yet, so no confirmation screen (no 'Continue') is shown;
 * - 'redirect': the redirect screen with a loader, for a PayPal-style payment coming back from a redirect or when
 *   the active subscription (or the provider the server will use) is PayPal;
 * - 'card': the card provider's hosted checkout (solidgate, yuno).
 */
export type CheckoutScreen = 'pending' | 'redirect' | 'card';

/** PayPal is the redirect-style payment system (001 §1). */
const REDIRECT_SYSTEMS: ReadonlySet<string> = new Set(['paypal']);

export function checkoutScreen(input: {
  /** The provider the server will use for this buyer, or null while the user is not known. */
  paymentSystem: PaymentSystem | null;
  /** The live subscription's provider. */
  activeSystem?: string | null;
  /** `paymentSystem` of a payment return, when coming back from a provider. */
  returnSystem?: string | null;
}): CheckoutScreen {
  if (input.returnSystem) return REDIRECT_SYSTEMS.has(input.returnSystem) ? 'redirect' : 'card';
  if (input.activeSystem && REDIRECT_SYSTEMS.has(input.activeSystem)) return 'redirect';
  if (!input.paymentSystem) return 'pending';
  return REDIRECT_SYSTEMS.has(input.paymentSystem) ? 'redirect' : 'card';
}

/** The provider's name as the redirect screen says it. */
export function providerName(system: string | null | undefined): string {
  return system === 'paypal' ? 'PayPal' : 'our secure payment page';
}
