import type { SubscriptionProduct, TimeBombOffer } from '@companion/contracts';
import type { TokenPack } from '../api/payments-api.ts';

/**
 * The product a time-bomb offer stands for (000 §3 "Time-bomb banner offer", 001 §2 "Other offer surfaces"): a
 * subscription offer's `productAmount` is the plan's length in months (12 Premium, 3 the cheaper plan), a tokens
 * offer's is the pack's token amount (550, 1150). Undefined when the list has no such product.
 */
export function offerProductId(
  offer: TimeBombOffer | undefined,
  plans: readonly SubscriptionProduct[] | null,
  packs: readonly TokenPack[] | null,
): string | undefined {
  if (!offer) return undefined;
  if (offer.paywallType === 'tokens')
    return packs?.find((pack) => pack.tokenAmount === offer.productAmount)?.id;
  return plans?.find((plan) => !plan.isLifetimeSubscription && plan.periodInMonths === offer.productAmount)
    ?.id;
}
