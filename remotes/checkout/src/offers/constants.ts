/** Offer constants of 001 §9, in one place. */
export const OFFER_TIMER_SECONDS = {
  /** Token upsell and downsell, and the insufficient-tokens first offer (001 §2): 59 s. */
  tokens: 59,
  /** Insufficient-tokens downsell: 60 s. */
  insufficientDownsell: 60,
  /** Upgrade: 2 min. */
  upgrade: 120,
} as const;

/** The mystery box closes itself 1 s after its reveal animation ends. */
export const MYSTERY_BOX_CLOSE_MS = 1000;

/** 001 §9 discounts, in percent. */
export const OFFER_DISCOUNTS = {
  upsell: 50,
  downsell: 30,
  welcomeDownsell: 70,
  extra: 90,
  upgradeExtra: 20,
  insufficientDownsell: 70,
  quarterBanner: 85,
} as const;

/** Lifetime: 100 tokens per month; renewal bonus 100 tokens; money-back guarantee 30 days. */
export const LIFETIME_MONTHLY_TOKENS = 100;
export const RENEWAL_BONUS_TOKENS = 100;
export const MONEY_BACK_DAYS = 30;

/** The one-click consent text (001 §2), shown only when a card token exists. */
export const ONE_CLICK_CONSENT =
  'By continuing I agree to be charged using the same payment details I used before.';
