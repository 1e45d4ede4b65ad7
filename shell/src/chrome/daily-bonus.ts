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

/** Where the time of the last successful claim is kept (epoch ms), under the spec's `persist:` prefix. */
const CLAIMED_AT_KEY = 'persist:daily-bonus-claimed-at';

/** The recorded claim time, or null. */
export function readClaimedAt(storage: Storage): number | null {
  try {
    const value = Number(storage.getItem(CLAIMED_AT_KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

/** "Claiming records a time" (000 §4). */
export function recordClaim(storage: Storage, now: Date): void {
  try {
    storage.setItem(CLAIMED_AT_KEY, String(now.getTime()));
  } catch {
    // Only the "recent claim" hint is lost.
  }
}

/**
 * Whether the daily bonus is offered: claimable, and not claimed less than 1 hour ago (a balance that has not
 * caught up with a fresh claim must not offer it again).
 */
export function isDailyBonusOffered(
  user: Pick<User, 'userFeatures'> | null,
  balance: Pick<TokensBalance, 'nextDailyTokenClaimDate'> | null,
  claimedAt: number | null,
  now: Date,
): boolean {
  return isDailyBonusClaimable(user, balance, now) && !isRecentClaim(claimedAt, now);
}

/** The gotTokens title (000 §4, 001 §2). */
export const gotTokensTitle = (tokens: number) => `You got ${tokens} tokens!`;
