// Renewals on the injected clock (tests move it): due subscriptions are charged on their saved card, cancelled ones
// end, lifetime plans get their monthly tokens (ADR 0250). Each step is idempotent, so two instances may run it together.

import crypto from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { expireSubscription } from '../../db/payment-state.ts';
import type { SubscriptionRow } from '../../db/payment-state.ts';
import type { Ledger } from '../../http/feature.ts';
import { findProduct } from './catalogue.ts';
import type { OrderRow } from './fulfilment.ts';
import { creditLifetimeMonth, lifetimeGrantsDue } from './grants.ts';
import type { PaymentProvider } from './provider.ts';
import type { Envelope } from './signatures.ts';

/** Inputs of {@link runRenewals}. */
export interface RenewalDeps {
  db: Database;
  ledger: Ledger;
  now: () => Date;
  providers: Record<Envelope, PaymentProvider>;
  pull(order: OrderRow): Promise<void>;
}

/** A stable UUID for "the renewal of subscription S ending at T": a retried run finds the same order. */
function renewalOrderId(subscriptionId: string, endDate: Date): string {
  const hex = crypto
    .createHash('sha256')
    .update(`renewal:${subscriptionId}:${endDate.toISOString()}`)
    .digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Runs every due renewal and monthly grant once; returns how many subscriptions it touched. */
export async function runRenewals(deps: RenewalDeps): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  let touched = 0;
  const due = await db.query<SubscriptionRow>(
    `SELECT * FROM subscriptions WHERE status IN ('active', 'cancellation_requested')
     AND end_date IS NOT NULL AND end_date <= $1 ORDER BY end_date LIMIT 200`,
    [now],
  );
  for (const subscription of due) {
    touched += 1;
    if (subscription.status === 'cancellation_requested') {
      await db.transaction((tx) => expireSubscription(tx, subscription.user_id, now));
      continue;
    }
    const product = await findProduct(db, subscription.product_id);
    const cards = await db.query<{ id: string; token: string; payment_system: string }>(
      `SELECT id, token, payment_system FROM payment_cards WHERE user_id = $1 AND deleted_at IS NULL
       ORDER BY (id = $2) DESC, created_at DESC LIMIT 1`,
      [subscription.user_id, subscription.card_id ?? '00000000-0000-0000-0000-000000000000'],
    );
    const card = cards[0];
    const provider = card ? deps.providers[card.payment_system as Envelope] : undefined;
    if (!product?.renewal_price || !card || !provider) {
      await db.transaction((tx) => expireSubscription(tx, subscription.user_id, now));
      continue;
    }
    const orderId = renewalOrderId(subscription.id, subscription.end_date!);
    const rows = await db.query<OrderRow>(
      `INSERT INTO payment_orders (id, user_id, product_id, kind, payment_system, amount, currency, card_id,
         subscription_id, meta, created_at, updated_at)
       VALUES ($1, $2, $3, 'renewal', $4, $5, $6, $7, $8, $9, $10, $10)
       ON CONFLICT (id) DO NOTHING RETURNING *`,
      [
        orderId,
        subscription.user_id,
        product.id,
        card.payment_system,
        product.renewal_price,
        product.currency,
        card.id,
        subscription.id,
        JSON.stringify({ renews: subscription.end_date!.toISOString() }),
        now,
      ],
    );
    const order =
      rows[0] ?? (await db.query<OrderRow>('SELECT * FROM payment_orders WHERE id = $1', [orderId]))[0]!;
    if (!order.provider_order_id) {
      const charged = await provider.chargeToken({
        orderId,
        amount: order.amount,
        currency: order.currency,
        description: `${product.title} renewal`,
        token: card.token,
        callbackUrl: `/api/payments/webhooks/${card.payment_system}`,
        paymentType: 'recurring',
      });
      await db.query('UPDATE payment_orders SET provider_order_id = $2 WHERE id = $1', [
        orderId,
        charged.providerOrderId,
      ]);
      order.provider_order_id = charged.providerOrderId;
    }
    await deps.pull(order);
  }

  touched += await grantLifetimeMonths(deps);
  return touched;
}

/**
 * The lifetime sweep (001 §9 "100 tokens per month", ADR 0250): every active lifetime plan gets the monthly grants
 * that fell due since its cursor, each in its own transaction with the row locked (`SKIP LOCKED`: another instance
 * already sweeping it is left alone) and the ledger key of the user's month, so a rerun, a crash between grant and
 * cursor, or two instances credit each month once. The purchase itself credits the first month (fulfilment).
 * Answers how many grants it made.
 */
export async function grantLifetimeMonths(deps: Pick<RenewalDeps, 'db' | 'ledger' | 'now'>): Promise<number> {
  const { db } = deps;
  const now = deps.now();
  const due = await db.query<{ id: string }>(
    `SELECT s.id FROM subscriptions s JOIN payment_products p ON p.id = s.product_id
     WHERE s.status = 'active' AND s.end_date IS NULL AND p.monthly_tokens > 0 AND s.last_monthly_grant_at <= $1
     ORDER BY s.last_monthly_grant_at LIMIT 500`,
    // Grants are at least 28 days apart: a plan granted more recently has nothing due.
    [new Date(now.getTime() - 28 * 24 * 3600 * 1000)],
  );
  let granted = 0;
  for (const { id } of due) {
    granted += await db.transaction(async (tx) => {
      const rows = await tx.query<SubscriptionRow & { monthly_tokens: number }>(
        `SELECT s.*, p.monthly_tokens FROM subscriptions s JOIN payment_products p ON p.id = s.product_id
         WHERE s.id = $1 AND s.status = 'active' FOR UPDATE OF s SKIP LOCKED`,
        [id],
      );
      const subscription = rows[0];
      if (!subscription) return 0;
      const grants = lifetimeGrantsDue(subscription.start_date, subscription.last_monthly_grant_at!, now);
      for (const at of grants)
        await creditLifetimeMonth(tx, deps.ledger, {
          userId: subscription.user_id,
          subscriptionId: subscription.id,
          amount: subscription.monthly_tokens,
          at,
        });
      if (grants.length > 0)
        await tx.query('UPDATE subscriptions SET last_monthly_grant_at = $2 WHERE id = $1', [
          subscription.id,
          grants[grants.length - 1],
        ]);
      return grants.length;
    });
  }
  return granted;
}
