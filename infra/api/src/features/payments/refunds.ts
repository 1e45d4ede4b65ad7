// Rules checked again when the money arrives (ADR 0300): a payment page opened while a rule allowed it can be
// paid after the rule stopped allowing it (two pages of the same plan). What the rule refuses is never
// fulfilled: the order ends `refunded` and one refund is queued, in the fulfilment's transaction.

import type { Database, Queryable } from '../../db/database.ts';
import { liveSubscription, periodMonths } from '../../db/payment-state.ts';
import type { SubscriptionRow } from '../../db/payment-state.ts';
import type { ProductRow } from './catalogue.ts';
import { offerRefusal } from './offer-rules.ts';
import type { ProviderEvent } from './events.ts';
import type { OrderRow } from './fulfilment.ts';
import type { PaymentProvider } from './provider.ts';

/** Why a paid order is refunded instead of fulfilled (the order's `error_code`, the notification's too). */
export type RefundReason = 'already_subscribed' | 'offer_used' | 'order_expired';

/** 'Only longer plans can be bought': whether `product` is no longer than the live plan (the one copy of the rule). */
export function notLongerThan(live: SubscriptionRow, product: ProductRow): boolean {
  const current = periodMonths({ type: live.period_type, value: live.period_value });
  const wanted = periodMonths({ type: product.period_type!, value: product.period_value! });
  return wanted <= current;
}

/**
 * The payment-page rules of `purchasable`, at fulfilment: a plan not longer than the one the user now holds
 * (renewals extend their own plan and always pass), an offer whose allowance is used (`offer-rules.ts`). The
 * user row is locked first, so two payments of one user are decided one after the other.
 */
export async function purchaseRefusal(
  tx: Queryable,
  order: OrderRow,
  product: ProductRow,
): Promise<RefundReason | null> {
  if (order.kind === 'renewal') return null;
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [order.user_id]);
  if (product.kind === 'subscription') {
    const live = await liveSubscription(tx, order.user_id);
    if (live && notLongerThan(live, product)) return 'already_subscribed';
  }
  return (await offerRefusal(tx, order.user_id, product)) ? 'offer_used' : null;
}

/** Ends a paid order as `refunded` and queues its refund, once (the order id is the queue's key). */
export async function refundOrder(
  tx: Queryable,
  order: OrderRow,
  event: ProviderEvent,
  reason: RefundReason,
  now: Date,
): Promise<OrderRow> {
  const rows = await tx.query<OrderRow>(
    `UPDATE payment_orders SET status = 'refunded', error_code = $2, paid_amount = $3, paid_currency = $4,
       provider_order_id = COALESCE(provider_order_id, $5), updated_at = $6 WHERE id = $1 RETURNING *`,
    [order.id, reason, event.amount, event.currency, event.providerOrderId, now],
  );
  const refunded = rows[0]!;
  await tx.query(
    `INSERT INTO payment_refunds (order_id, user_id, payment_system, provider_order_id, amount, currency, reason, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (order_id) DO NOTHING`,
    [
      order.id,
      order.user_id,
      order.payment_system,
      refunded.provider_order_id,
      event.amount,
      event.currency,
      reason,
      now,
    ],
  );
  return refunded;
}

/**
 * Sends the queued refunds to their providers (at start, after each refusal, and every minute): each provider's
 * refund is idempotent per order, so one that crashed between the call and the mark is simply sent again.
 */
export async function runRefunds(
  db: Database,
  providers: Partial<Record<string, PaymentProvider>>,
  now: () => Date,
  onError: (error: unknown, orderId: string) => void,
): Promise<number> {
  const pending = await db.query<{
    order_id: string;
    payment_system: string;
    provider_order_id: string | null;
  }>(
    `SELECT order_id, payment_system, provider_order_id FROM payment_refunds WHERE refunded_at IS NULL
     ORDER BY created_at LIMIT 100`,
  );
  let done = 0;
  for (const refund of pending) {
    const provider = providers[refund.payment_system];
    try {
      if (!provider?.refund || !refund.provider_order_id)
        throw new Error(`no refund for ${refund.payment_system} orders`);
      await provider.refund({ orderId: refund.order_id, providerOrderId: refund.provider_order_id });
      await db.query(
        'UPDATE payment_refunds SET refunded_at = $2, attempts = attempts + 1 WHERE order_id = $1',
        [refund.order_id, now()],
      );
      done += 1;
    } catch (error) {
      await db.query('UPDATE payment_refunds SET attempts = attempts + 1 WHERE order_id = $1', [
        refund.order_id,
      ]);
      onError(error, refund.order_id);
    }
  }
  return done;
}
