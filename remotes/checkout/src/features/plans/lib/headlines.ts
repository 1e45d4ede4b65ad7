import type { ActiveSubscription, SubscriptionProduct } from '@companion/contracts';
import { LIFETIME_COPY } from '../../../offers/lifetime.ts';

/** An offer headline (001 §2 "Offer headlines"). */
export interface Headline {
  title: string;
  subtitle: string | null;
}

/** Lifetime's headline. */
export const LIFETIME_HEADLINE: Headline = {
  title: LIFETIME_COPY.pageHeadline,
  subtitle: LIFETIME_COPY.pageSubline,
};
/** The two quiz variants' headline. */
export const QUIZ_HEADLINE: Headline = { title: 'Your Special Discount Is Applied!', subtitle: null };

/**
 * The pricing page's headline (001 §2 "Offer headlines"). A subscriber whose only way up is lifetime (annual users,
 * whose first upgrade step is lifetime, 001 §4) or who holds lifetime (001 §6) gets lifetime's headline; other
 * subscribers are told to upgrade; everyone else gets the first-subscription discount, up to the best one shown.
 * `products` are the plans the page shows (`visiblePlans`).
 */
export function pricingHeadline(
  products: SubscriptionProduct[],
  active: Pick<ActiveSubscription, 'productId'> | null,
): Headline {
  if (active) {
    const upgrades = products.filter((product) => product.id !== active.productId);
    const current = products.find((product) => product.id === active.productId);
    const lifetimeOnly =
      upgrades.length > 0
        ? upgrades.every((product) => product.isLifetimeSubscription)
        : current?.isLifetimeSubscription === true;
    if (lifetimeOnly) return LIFETIME_HEADLINE;
    return { title: 'Upgrade Your Subscription Today and Pay Less!', subtitle: null };
  }
  const discount = Math.max(0, ...products.map((product) => product.discount));
  return {
    title: 'Get Exclusive Discount Only Today!',
    subtitle: discount > 0 ? `Up to ${discount}% off for first subscription` : null,
  };
}
