import { PERIOD_BANNERS } from '@companion/contracts';
import type { PaywallType, PeriodBanner, PeriodInMonths } from '@companion/contracts';

/** A left-panel promo banner (001 §2 "Other offer surfaces", §9 "Banners by current period"). */
export interface PromoBanner {
  id: 'subscription-quarter' | 'subscription-annual' | 'tokens-350' | 'tokens-550' | 'tokens-1150';
  title: string;
  subtitle: string;
  /** What a click opens: the paywall of this type, this product preselected. */
  paywallType: PaywallType;
  productId: string;
  /** The analytics event of the click (001 §7). */
  event: string;
}

const QUARTER: PromoBanner = {
  id: 'subscription-quarter',
  title: '3-month subscription',
  subtitle: 'Cheaper Plan · 85% off',
  paywallType: 'subscription',
  productId: 'sub-3m',
  event: 'banner_subscription_quarter_clicked',
};
const ANNUAL: PromoBanner = {
  id: 'subscription-annual',
  title: '12-month subscription',
  subtitle: 'Best price per day',
  paywallType: 'subscription',
  productId: 'sub-12m',
  event: 'banner_subscription_annual_clicked',
};
/** A token pack's sidebar banner. */
const tokens = (banner: Extract<PeriodBanner, { kind: 'tokens' }>): PromoBanner => ({
  id: banner.productId,
  title: `${banner.amount} tokens`,
  subtitle: banner.bonus > 0 ? `Collect ${banner.bonus} FREE Tokens` : 'Top up and keep chatting',
  paywallType: 'tokens',
  productId: banner.productId,
  event: banner.event,
});

/** One period's banners of the §9 table (`PERIOD_BANNERS`, contracts), drawn as sidebar banners. */
const draw = (period: PeriodInMonths): readonly PromoBanner[] =>
  PERIOD_BANNERS[period].map((banner) =>
    banner.kind === 'tokens' ? tokens(banner) : banner.months === 3 ? QUARTER : ANNUAL,
  );

/** The §9 table: banners by the user's current period. */
export const BANNERS_BY_PERIOD: Readonly<Record<PeriodInMonths, readonly PromoBanner[]>> = {
  none: draw('none'),
  monthly: draw('monthly'),
  quarterly: draw('quarterly'),
  annually: draw('annually'),
  lifetime: draw('lifetime'),
};

export const bannersFor = (period: PeriodInMonths) => BANNERS_BY_PERIOD[period];
