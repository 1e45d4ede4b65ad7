import type { SubscriptionProduct } from '@companion/contracts';
import { formatPrice } from '@companion/ui';

/** What the intro price renews into (001 §9 "Subscription intro legal texts"). */
function renewal(product: SubscriptionProduct): string {
  if (product.periodType === 'week' || (product.periodType === 'month' && product.periodValue === 1))
    return 'per month';
  if (product.periodType === 'month') return `every ${product.periodValue} months`;
  return 'per year';
}

function introPeriod(product: SubscriptionProduct): string {
  if (product.periodType === 'week') return 'the first week';
  if (product.periodType === 'month')
    return product.periodValue === 1 ? 'the first month' : `the first ${product.periodValue} months`;
  return 'the first year';
}

/**
 * The legal text under the plans: the intro price, what it renews at, the 24-hour cancel-before notice and the 18+
 * confirmation (Weekly: $6.99 intro, then $39.99 monthly; …). Lifetime is one payment.
 */
export function legalText(product: SubscriptionProduct): string {
  const adult = 'By continuing you confirm that you are 18 or older.';
  if (product.isLifetimeSubscription)
    return `One payment of ${formatPrice(product.currentPrice)}, no renewals. ${adult}`;
  return (
    `${formatPrice(product.currentPrice)} for ${introPeriod(product)}, then ${formatPrice(product.previousPrice)} ` +
    `${renewal(product)} until cancelled. Cancel at least 24 hours before the renewal date to avoid being charged. ${adult}`
  );
}
