/** The lifetime offer (001 §2) and the renewal badge (Other offer surfaces). */
export const LIFETIME_COPY = {
  headline: 'Pay Once – Use Forever',
  benefits: ['Lifetime access', 'Only one payment', 'Cheaper than annual subscription'],
  action: 'Claim Lifetime Access',
  monthlyTokens: 'Get 100 Tokens every month',
  pageHeadline: 'Endless Honeyed Bliss',
  pageSubline: 'Limitless pleasure unlocked! Enjoy all benefits forever.',
} as const;

export const RENEWAL_BADGE = 'Get 100 bonus tokens for renewal';

/** 'Get 100 Tokens every month' is shown unless the flag is set. */
export const showsMonthlyTokens = (hideMonthlyTokensFlag: boolean) => !hideMonthlyTokensFlag;
