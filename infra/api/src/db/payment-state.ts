// Payment state on the user: the provider choice (001 §1), the live subscription, the plan period and
// the saved-card flag. Shared by the payments feature, GET User and the test fixtures; data access, no HTTP.

import crypto from 'node:crypto';
import type { ActiveSubscription, PaymentSystem, PeriodInMonths } from '@companion/contracts';
import type { Queryable } from './database.ts';

/** 001 §1: yuno for the USA/Canada without a utm source or with a yuno subscription; else the preference. */
export function choosePaymentSystem(input: {
  country: string | null;
  utmSource: string | null;
  preferredPaymentMethod: PaymentSystem | null | undefined;
  liveSubscriptionSystem: PaymentSystem | null | undefined;
}): PaymentSystem {
  const northAmerica = input.country === 'US' || input.country === 'CA';
  if (input.liveSubscriptionSystem === 'yuno') return 'yuno';
  if (northAmerica && !input.utmSource) return 'yuno';
  return input.preferredPaymentMethod || 'solidgate';
}

/** PayPal and yuno subscribers count as external-payment subscribers (001 §1). */
export function isExternalPaymentSubscriber(system: PaymentSystem | null | undefined): boolean {
  return system === 'paypal' || system === 'yuno';
}

/** A period as stored on products and subscriptions. */
export interface Period {
  type: 'week' | 'month' | 'year';
  value: number;
}

/** 001 §3: 'year' with value 100 is Lifetime. */
export function isLifetime(period: Period): boolean {
  return period.type === 'year' && period.value === 100;
}

/** Months in a period (yearly × 12; a week is 7/30 of a month). */
export function periodMonths(period: Period): number {
  if (period.type === 'week') return Math.round(((period.value * 7) / 30) * 100) / 100;
  if (period.type === 'month') return period.value;
  return period.value * 12;
}

/** The user's plan bucket for a subscription period (quarterly = month/3; weekly renews monthly). */
export function periodBucket(period: Period | null): PeriodInMonths {
  if (!period) return 'none';
  if (isLifetime(period)) return 'lifetime';
  const months = periodMonths(period);
  if (months >= 12) return 'annually';
  if (months >= 3) return 'quarterly';
  return 'monthly';
}

/** `start` moved forward by one period (UTC calendar months and years). */
export function addPeriod(start: Date, period: Period): Date | null {
  if (isLifetime(period)) return null;
  const next = new Date(start.getTime());
  if (period.type === 'week') next.setUTCDate(next.getUTCDate() + 7 * period.value);
  else if (period.type === 'month') next.setUTCMonth(next.getUTCMonth() + period.value);
  else next.setUTCFullYear(next.getUTCFullYear() + period.value);
  return next;
}

/** A subscriptions row. */
export interface SubscriptionRow {
  id: string;
  user_id: string;
  product_id: string;
  status: string;
  payment_system: string;
  period_type: 'week' | 'month' | 'year';
  period_value: number;
  start_date: Date;
  end_date: Date | null;
  cancellation_requested_at: Date | null;
  card_id: string | null;
  last_order_id: string | null;
  last_monthly_grant_at: Date | null;
}

/** The wire shape of a subscription (001 §3 Active subscription). */
export function toWireSubscription(row: SubscriptionRow): ActiveSubscription {
  return {
    id: row.id,
    productId: row.product_id,
    priceId: row.product_id,
    startDate: row.start_date.toISOString(),
    endDate: row.end_date ? row.end_date.toISOString() : null,
    status: row.status,
    userId: row.user_id,
    cancellationRequestedAt: row.cancellation_requested_at
      ? row.cancellation_requested_at.toISOString()
      : null,
    paymentSystem: row.payment_system,
    periodType: row.period_type,
    periodValue: row.period_value,
  };
}

/** The user's live subscription (active or cancellation requested), if any. */
export async function liveSubscription(
  q: Queryable,
  userId: string,
  forUpdate = false,
): Promise<SubscriptionRow | null> {
  const rows = await q.query<SubscriptionRow>(
    `SELECT * FROM subscriptions WHERE user_id = $1 AND status IN ('active', 'cancellation_requested')${
      forUpdate ? ' FOR UPDATE' : ''
    }`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * Recomputes `period_in_months`, `active_subscription` and `is_card_token_exists` from the subscription and card
 * rows, in the caller's transaction (every change of either calls this).
 */
export async function refreshUserPaymentState(tx: Queryable, userId: string): Promise<void> {
  const live = await liveSubscription(tx, userId);
  const cards = await tx.query<{ n: number }>(
    'SELECT count(*) AS n FROM payment_cards WHERE user_id = $1 AND deleted_at IS NULL',
    [userId],
  );
  await tx.query(
    `UPDATE users SET period_in_months = $2, active_subscription = $3, is_card_token_exists = $4, updated_at = now()
     WHERE id = $1`,
    [
      userId,
      periodBucket(live ? { type: live.period_type, value: live.period_value } : null),
      live ? JSON.stringify(toWireSubscription(live)) : null,
      (cards[0]?.n ?? 0) > 0,
    ],
  );
}

/**
 * Starts a subscription to `productId` (replacing a live one: an upgrade or a fixture), or extends the live one when
 * it is the same product; returns the row. Runs inside the caller's transaction.
 */
export async function startOrExtendSubscription(
  tx: Queryable,
  input: {
    userId: string;
    productId: string;
    paymentSystem: PaymentSystem;
    now: Date;
    orderId?: string | null;
    cardId?: string | null;
    /** Renewals: the renewal period (a weekly intro renews monthly). */
    period?: Period;
    /** Renewals continue from the paid end even when charged a little later; purchases after a lapse start now. */
    renewal?: boolean;
  },
): Promise<SubscriptionRow> {
  const products = await tx.query<{ period_type: Period['type']; period_value: number }>(
    'SELECT period_type, period_value FROM payment_products WHERE id = $1 AND kind = $2',
    [input.productId, 'subscription'],
  );
  const product = products[0];
  if (!product) throw new Error(`not a subscription product: ${input.productId}`);
  const period: Period = input.period ?? { type: product.period_type, value: product.period_value };
  const live = await liveSubscription(tx, input.userId, true);
  let row: SubscriptionRow | undefined;
  if (live && live.product_id === input.productId && live.end_date) {
    // Renewal or a repeat purchase: the new period starts where the paid one ends (or now, if it lapsed).
    const from = input.renewal || live.end_date.getTime() > input.now.getTime() ? live.end_date : input.now;
    const rows = await tx.query<SubscriptionRow>(
      `UPDATE subscriptions SET end_date = $2, status = 'active', cancellation_requested_at = NULL,
         last_order_id = COALESCE($3, last_order_id), card_id = COALESCE($4, card_id), updated_at = $5,
         period_type = $6, period_value = $7
       WHERE id = $1 RETURNING *`,
      [
        live.id,
        addPeriod(from, period),
        input.orderId ?? null,
        input.cardId ?? null,
        input.now,
        period.type,
        period.value,
      ],
    );
    row = rows[0];
  } else {
    if (live) {
      await tx.query(`UPDATE subscriptions SET status = 'replaced', updated_at = $2 WHERE id = $1`, [
        live.id,
        input.now,
      ]);
    }
    const rows = await tx.query<SubscriptionRow>(
      `INSERT INTO subscriptions (id, user_id, product_id, status, payment_system, period_type, period_value,
         start_date, end_date, card_id, last_order_id, last_monthly_grant_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'active', $4, $5, $6, $7, $8, $9, $10, $11, $7, $7) RETURNING *`,
      [
        crypto.randomUUID(),
        input.userId,
        input.productId,
        input.paymentSystem,
        period.type,
        period.value,
        input.now,
        addPeriod(input.now, period),
        input.cardId ?? null,
        input.orderId ?? null,
        isLifetime(period) ? input.now : null,
      ],
    );
    row = rows[0];
  }
  await refreshUserPaymentState(tx, input.userId);
  return row!;
}

/** Ends the live subscription now (fixture "none", failed renewals). */
export async function expireSubscription(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE subscriptions SET status = 'expired', end_date = LEAST(COALESCE(end_date, $2), $2), updated_at = $2
     WHERE user_id = $1 AND status IN ('active', 'cancellation_requested')`,
    [userId, now],
  );
  await refreshUserPaymentState(tx, userId);
}
