import type { TimeBombOffer } from '@companion/contracts';

/**
 * The 3-month plan at 85% off labelled 'Cheaper Plan' (000 §4, §9), offered to monthly subscribers by the
 * time-bomb banner and the grid banners; `placement` tells them apart in analytics.
 */
export function quarterPlanOffer(placement: string): TimeBombOffer {
  return {
    productAmount: 3,
    productTitle: '3-Month Plan',
    paywallType: 'subscription',
    eventName: 'banner_subscription_quarter_clicked',
    eventProperties: { banner_placement: placement },
    label: 'Cheaper Plan',
    discountPercent: 85,
  };
}
