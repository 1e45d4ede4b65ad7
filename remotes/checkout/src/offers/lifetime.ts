import type { ActiveSubscription, UserFeatures } from '@companion/contracts';

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

/**
 * 'Get 100 Tokens every month' is shown unless the user feature `hideLifetimeMonthlyTokens` is set (ADR 0250);
 * a user record without the feature shows it.
 */
export const showsMonthlyTokens = (features: Pick<UserFeatures, 'hideLifetimeMonthlyTokens'> | undefined) =>
  !features?.hideLifetimeMonthlyTokens;

/**
 * The renewal badge belongs to plans that renew: every recurring plan, never lifetime (001 §3: period 'year' with
 * value 100), which is paid once (ADR 0251). Takes a catalogue plan or the live subscription alike.
 */
export const showsRenewalBadge = (plan: Pick<ActiveSubscription, 'periodType' | 'periodValue'>) =>
  !(plan.periodType === 'year' && plan.periodValue === 100);
