import type { SubscriptionProduct } from '@companion/contracts';

/** An offer headline (001 §2 "Offer headlines"). */
export interface Headline {
  title: string;
  subtitle: string | null;
}

/** Lifetime's headline. */
export const LIFETIME_HEADLINE: Headline = {
  title: 'Endless Honeyed Bliss',
  subtitle: 'Limitless pleasure unlocked! Enjoy all benefits forever.',
};
/** The two quiz variants' headline. */
export const QUIZ_HEADLINE: Headline = { title: 'Your Special Discount Is Applied!', subtitle: null };

/** Subscribers are told to upgrade; everyone else gets the first-subscription discount, up to the best one shown. */
export function pricingHeadline(products: SubscriptionProduct[], subscribed: boolean): Headline {
  if (subscribed) return { title: 'Upgrade Your Subscription Today and Pay Less!', subtitle: null };
  const discount = Math.max(0, ...products.map((product) => product.discount));
  return {
    title: 'Get Exclusive Discount Only Today!',
    subtitle: discount > 0 ? `Up to ${discount}% off for first subscription` : null,
  };
}
