// Subscription token grants (001 §9 "Lifetime offer: 100 tokens per month. Renewal bonus: 100 tokens."), ADR 0250.
// Each grant is one ledger credit with an idempotency key naming what it pays for, written in the caller's
// transaction: the renewal's fulfilment, the lifetime purchase, or the monthly sweep.

import type { Queryable } from '../../db/database.ts';
import type { Ledger } from '../../http/feature.ts';

/** 001 §9: the bonus a paid renewal of a recurring plan brings. */
export const RENEWAL_BONUS_TOKENS = 100;

/** The ledger key of a renewal's bonus: a renewal order is one per subscription and paid end (`renewalOrderId`). */
export const renewalBonusKey = (renewalOrderId: string) => `renewal-bonus:${renewalOrderId}`;

/**
 * The ledger key of a lifetime monthly grant: one per user and UTC calendar month, so neither a rerun, a second
 * instance, nor a second lifetime subscription of the same user (a repeat purchase, an account merge) pays twice.
 */
export function lifetimeMonthKey(userId: string, at: Date): string {
  const month = `${at.getUTCFullYear()}-${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  return `lifetime-monthly:${userId}:${month}`;
}

/**
 * The k-th monthly grant date of a lifetime plan started at `start`: k calendar months on, clamped to the month's
 * last day (started on 31 January: 28 February, 31 March…), so every month gets its grant and none gets two.
 */
export function lifetimeGrantDate(start: Date, k: number): Date {
  const monthIndex = start.getUTCMonth() + k;
  const year = start.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(start.getUTCDate(), lastDay),
      start.getUTCHours(),
      start.getUTCMinutes(),
      start.getUTCSeconds(),
      start.getUTCMilliseconds(),
    ),
  );
}

/** The grants of a lifetime plan started at `start` that fall after `after` and not later than `now`. */
export function lifetimeGrantsDue(start: Date, after: Date, now: Date): Date[] {
  let k = Math.max(
    0,
    (after.getUTCFullYear() - start.getUTCFullYear()) * 12 + after.getUTCMonth() - start.getUTCMonth() - 1,
  );
  const due: Date[] = [];
  for (
    let at = lifetimeGrantDate(start, k);
    at.getTime() <= now.getTime();
    at = lifetimeGrantDate(start, ++k)
  )
    if (at.getTime() > after.getTime()) due.push(at);
  return due;
}

/** Credits one lifetime month (`at` names the month); a month already paid to this user changes nothing. */
export function creditLifetimeMonth(
  tx: Queryable,
  ledger: Ledger,
  grant: { userId: string; subscriptionId: string; amount: number; at: Date },
) {
  return ledger.credit(tx, {
    userId: grant.userId,
    amount: grant.amount,
    reason: 'lifetime_monthly_tokens',
    refId: grant.subscriptionId,
    idempotencyKey: lifetimeMonthKey(grant.userId, grant.at),
  });
}

/** Credits a paid renewal's bonus, once per renewal order. */
export function creditRenewalBonus(
  tx: Queryable,
  ledger: Ledger,
  renewal: { userId: string; orderId: string },
) {
  return ledger.credit(tx, {
    userId: renewal.userId,
    amount: RENEWAL_BONUS_TOKENS,
    reason: 'renewal_bonus',
    refId: renewal.orderId,
    idempotencyKey: renewalBonusKey(renewal.orderId),
  });
}
