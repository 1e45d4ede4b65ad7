import type { PaywallType, PeriodInMonths } from '@companion/contracts';

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
const TOKENS_350: PromoBanner = {
  id: 'tokens-350',
  title: '350 tokens',
  subtitle: 'Top up and keep chatting',
  paywallType: 'tokens',
  productId: 'tokens-350',
  event: 'banner_tokens_350_clicked',
};
const TOKENS_550 = (event: string): PromoBanner => ({
  id: 'tokens-550',
  title: '550 tokens',
  subtitle: 'Collect 50 FREE Tokens',
  paywallType: 'tokens',
  productId: 'tokens-550',
  event,
});
const TOKENS_1150: PromoBanner = {
  id: 'tokens-1150',
  title: '1150 tokens',
  subtitle: 'Collect 150 FREE Tokens',
  paywallType: 'tokens',
  productId: 'tokens-1150',
  event: 'banner_1150_tokens_clicked',
};

/** The §9 table: banners by the user's current period. */
export const BANNERS_BY_PERIOD: Readonly<Record<PeriodInMonths, readonly PromoBanner[]>> = {
  none: [ANNUAL],
  monthly: [QUARTER, TOKENS_350],
  quarterly: [ANNUAL, TOKENS_550('banner_tokens_550_clicked')],
  annually: [TOKENS_1150, TOKENS_550('banner_550_tokens_clicked')],
  lifetime: [TOKENS_1150, TOKENS_550('banner_550_tokens_clicked')],
};

export const bannersFor = (period: PeriodInMonths) => BANNERS_BY_PERIOD[period];
