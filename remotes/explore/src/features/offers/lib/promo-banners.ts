import { PERIOD_BANNERS } from '@companion/contracts';
import type { PeriodBanner, PeriodInMonths, TimeBombOffer } from '@companion/contracts';
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
/** A token pack's grid banner; the pack's free tokens are its label ('Collect 150 FREE Tokens'). */
const tokens = (banner: Extract<PeriodBanner, { kind: 'tokens' }>): PromoBanner => {
  const label = banner.bonus > 0 ? `Collect ${banner.bonus} FREE Tokens` : undefined;
  return {
    id: `tokens-${banner.amount}`,
    headline: `${banner.amount} tokens`,
    detail: label ?? 'Unlock characters, photos and voice messages.',
    cta: 'Get Tokens',
    offer: {
      productAmount: banner.amount,
      productTitle: `${banner.amount} Tokens`,
      paywallType: 'tokens',
      eventName: banner.event,
      eventProperties,
      ...(label ? { label } : null),
    },
  };
};

/** The grid banners for a period, in order: the §9 table of `PERIOD_BANNERS` (contracts), drawn for the grid. */
export function promoBannersFor(period: PeriodInMonths): PromoBanner[] {
  return PERIOD_BANNERS[period].map((banner) =>
    banner.kind === 'tokens' ? tokens(banner) : banner.months === 3 ? QUARTER : ANNUAL,
  );
}
