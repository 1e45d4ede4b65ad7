import type { SubscriptionProduct } from '@companion/contracts';

/**
 * The declined-payment popup (001 §2, §4): for code 3.02 when an offer handler exists; monthly products only
 * (period month, value 1, title Monthly), the first preselected.
 */
export const DECLINED_CODE = '3.02';

export const DECLINED_COPY = {
  badge: 'Only for YOU',
  action: 'Continue',
  headline: 'Your payment was declined',
  text: 'Not enough funds on the card for this plan? Switch to monthly and keep everything for less today.',
  noCommitment: 'No commitment cancel anytime',
  guarantee: '30-Day Money-Back Guarantee',
  disclaimer:
    'The plan renews every month at the price shown until you cancel. Cancel at least 24 hours before the renewal in Settings. You confirm you are 18 or older.',
  tryAgain: 'Try again with different card',
} as const;

/** Whether a failure opens the declined popup instead of the failure screen. */
export const showsDeclinedPopup = (errorCode: string | null, hasOfferHandler: boolean) =>
  errorCode === DECLINED_CODE && hasOfferHandler;

/** 001 §2: the popup's plans are titled 'Monthly'. */
const DECLINED_PLAN_TITLE = 'Monthly';

/** The monthly plans only, in catalogue order, titled as the popup names them. */
export function monthlyProducts(products: readonly SubscriptionProduct[]): SubscriptionProduct[] {
  return products
    .filter((product) => product.periodType === 'month' && product.periodValue === 1)
    .map((product) => ({ ...product, title: DECLINED_PLAN_TITLE }));
}

/** The preselected plan: the first monthly one. */
export const preselected = (products: readonly SubscriptionProduct[]) => monthlyProducts(products)[0] ?? null;
