import type { TokensBalance, User } from '@companion/contracts';

/** Daily bonus is claimable when daily tokens are on and the next claim date has passed (000 §4). */
export function isDailyBonusClaimable(
  user: Pick<User, 'userFeatures'> | null,
  balance: Pick<TokensBalance, 'nextDailyTokenClaimDate'> | null,
  now: Date,
): boolean {
  if (!user?.userFeatures.isDailyTokensEnabled || !balance) return false;
  const next = balance.nextDailyTokenClaimDate;
  if (next === null) return true;
  const at = Date.parse(next);
  return Number.isFinite(at) && at <= now.getTime();
}

/** The recent-claim window (000 §9): a claim less than 1 hour ago counts as recent. */
const RECENT_CLAIM_MS = 60 * 60 * 1000;

/** Whether a claim recorded at `claimedAt` (epoch ms) is recent. */
export function isRecentClaim(claimedAt: number | null, now: Date): boolean {
  return claimedAt !== null && now.getTime() - claimedAt < RECENT_CLAIM_MS;
}

/** The gotTokens title (000 §4, 001 §2). */
export const gotTokensTitle = (tokens: number) => `You got ${tokens} tokens!`;
