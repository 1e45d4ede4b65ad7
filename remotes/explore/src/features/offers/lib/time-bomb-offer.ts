import type { PeriodInMonths, TimeBombOffer } from '@companion/contracts';
import { quarterPlanOffer } from './quarter-plan-offer.ts';

/** Length of one time-bomb run in seconds: the banner shows 9:59 and loops (000 §4, §9). */
export const TIME_BOMB_SECONDS = 9 * 60 + 59;

/** Where the time-bomb banner sits, sent as `banner_placement` with its analytics event. */
const TIME_BOMB_PLACEMENT = 'explore_time_bomb';

/** What the time-bomb banner needs to know about the user. */
export interface OfferUser {
  periodInMonths: PeriodInMonths;
  weeklyPlanExperiment: boolean;
}

/**
 * The time-bomb offer for the user's current period (000 §4, 001 §2): none → Premium 12 months with a discount
 * label; monthly → 550 tokens with the weekly-plan experiment, else the 3-month plan at 85% off; quarterly → 550
 * tokens; annually or lifetime → 1150 tokens.
 */
export function selectTimeBombOffer({ periodInMonths, weeklyPlanExperiment }: OfferUser): TimeBombOffer {
  const eventProperties = { banner_placement: TIME_BOMB_PLACEMENT };
  switch (periodInMonths) {
    case 'none':
      // The Premium banner's discount percentage is not given by the spec (001 §9), so only the label shows.
      return {
        productAmount: 12,
        productTitle: 'Premium',
        paywallType: 'subscription',
        eventName: 'banner_subscription_annual_clicked',
        eventProperties,
        label: 'Discount',
      };
    case 'monthly':
      return weeklyPlanExperiment
        ? {
            productAmount: 550,
            productTitle: '550 Tokens',
            paywallType: 'tokens',
            eventName: 'banner_550_tokens_clicked',
            eventProperties,
            label: 'Collect 50 FREE Tokens',
          }
        : quarterPlanOffer(TIME_BOMB_PLACEMENT);
    case 'quarterly':
      return {
        productAmount: 550,
        productTitle: '550 Tokens',
        paywallType: 'tokens',
        eventName: 'banner_550_tokens_clicked',
        eventProperties,
      };
    case 'annually':
    case 'lifetime':
      return {
        productAmount: 1150,
        productTitle: '1150 Tokens',
        paywallType: 'tokens',
        eventName: 'banner_1150_tokens_clicked',
        eventProperties,
        label: 'Collect 150 FREE Tokens',
      };
  }
}
