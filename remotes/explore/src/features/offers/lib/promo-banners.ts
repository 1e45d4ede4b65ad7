import type { PeriodInMonths, TimeBombOffer } from '@companion/contracts';
import { quarterPlanOffer } from './quarter-plan-offer.ts';

/** Where grid banners sit, sent as `banner_placement`. */
const GRID_PLACEMENT = 'explore_grid';

/** A banner inserted into the model grid; carries the offer the paywall opens with. */
export interface PromoBanner {
  id: string;
  headline: string;
  detail: string;
  cta: string;
  offer: TimeBombOffer;
}

const eventProperties = { banner_placement: GRID_PLACEMENT };

const ANNUAL: PromoBanner = {
  id: 'subscription-12',
  headline: 'Go Premium for 12 months',
  detail: 'Unlimited chats, photos and premium characters.',
  cta: 'Get Premium',
  offer: {
    productAmount: 12,
    productTitle: '12-Month Plan',
    paywallType: 'subscription',
    eventName: 'banner_subscription_annual_clicked',
    eventProperties,
  },
};
const QUARTER: PromoBanner = {
  id: 'subscription-3',
  headline: 'Switch to the 3-month plan',
  detail: 'Same Premium, a cheaper plan: 85% off.',
  cta: 'Upgrade',
  offer: quarterPlanOffer(GRID_PLACEMENT),
};
const tokens = (amount: 350 | 550 | 1150, eventName: string, label?: string): PromoBanner => ({
  id: `tokens-${amount}`,
  headline: `${amount} tokens`,
  detail: label ?? 'Unlock characters, photos and voice messages.',
  cta: 'Get Tokens',
  offer: {
    productAmount: amount,
    productTitle: `${amount} Tokens`,
    paywallType: 'tokens',
    eventName,
    eventProperties,
    ...(label ? { label } : null),
  },
});

/** The grid banners for a period, in order (001 §9 "Banners by current period"). */
export function promoBannersFor(period: PeriodInMonths): PromoBanner[] {
  switch (period) {
    case 'none':
      return [ANNUAL];
    case 'monthly':
      return [QUARTER, tokens(350, 'banner_tokens_350_clicked')];
    case 'quarterly':
      return [ANNUAL, tokens(550, 'banner_tokens_550_clicked')];
    case 'annually':
    case 'lifetime':
      return [
        tokens(1150, 'banner_1150_tokens_clicked', 'Collect 150 FREE Tokens'),
        tokens(550, 'banner_tokens_550_clicked', 'Collect 50 FREE Tokens'),
      ];
  }
}
