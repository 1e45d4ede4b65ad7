// 001 §9 "Banners by current period": which two offers a user sees for their subscription period, and the click's
// analytics event (001 §7). Checkout's sidebar banners and explore's grid banners both draw from this one table.
import type { PeriodInMonths } from './entities/users.ts';

/** A period banner: a plan or a token pack, with the click event 001 §7 names for it. */
export type PeriodBanner =
  | {
      kind: 'subscription';
      months: 3 | 12;
      productId: 'sub-3m' | 'sub-12m';
      event: 'banner_subscription_quarter_clicked' | 'banner_subscription_annual_clicked';
    }
  | {
      kind: 'tokens';
      amount: 350 | 550 | 1150;
      /** Free tokens in the pack (001 §9 "Free bonuses: 50 and 150 tokens"), 0 for none. */
      bonus: 0 | 50 | 150;
      productId: 'tokens-350' | 'tokens-550' | 'tokens-1150';
      event:
        | 'banner_tokens_350_clicked'
        | 'banner_tokens_550_clicked'
        | 'banner_1150_tokens_clicked'
        | 'banner_550_tokens_clicked';
    };

const ANNUAL: PeriodBanner = {
  kind: 'subscription',
  months: 12,
  productId: 'sub-12m',
  event: 'banner_subscription_annual_clicked',
};
const QUARTER: PeriodBanner = {
  kind: 'subscription',
  months: 3,
  productId: 'sub-3m',
  event: 'banner_subscription_quarter_clicked',
};
const TOKENS_1150: PeriodBanner = {
  kind: 'tokens',
  amount: 1150,
  bonus: 150,
  productId: 'tokens-1150',
  event: 'banner_1150_tokens_clicked',
};
const tokens550 = (event: 'banner_tokens_550_clicked' | 'banner_550_tokens_clicked'): PeriodBanner => ({
  kind: 'tokens',
  amount: 550,
  bonus: 50,
  productId: 'tokens-550',
  event,
});

/** The banners by the user's current period, in order (001 §9); 001 §7 names the 550 pack's click two ways. */
export const PERIOD_BANNERS: Readonly<Record<PeriodInMonths, readonly PeriodBanner[]>> = {
  none: [ANNUAL],
  monthly: [
    QUARTER,
    { kind: 'tokens', amount: 350, bonus: 0, productId: 'tokens-350', event: 'banner_tokens_350_clicked' },
  ],
  quarterly: [ANNUAL, tokens550('banner_tokens_550_clicked')],
  annually: [TOKENS_1150, tokens550('banner_550_tokens_clicked')],
  lifetime: [TOKENS_1150, tokens550('banner_550_tokens_clicked')],
};
