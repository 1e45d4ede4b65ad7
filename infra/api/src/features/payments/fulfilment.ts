// Exactly-once fulfilment (docs/research/payments.md §4): claim the event, lock the order, move it
// monotonically, check the money, then credit / start the subscription / save the card and write the outbox
// row, all in one transaction.

import crypto from 'node:crypto';
import type { PaymentNotification } from '@companion/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { enqueueOutbox } from '../../db/outbox.ts';
import {
  expireSubscription,
  isLifetime,
  refreshUserPaymentState,
  startOrExtendSubscription,
} from '../../db/payment-state.ts';
import type { Period } from '../../db/payment-state.ts';
import type { Ledger } from '../../http/feature.ts';
import { orderDeclineCode } from './bank-declines.ts';
import { findProduct, tokensOf } from './catalogue.ts';
import type { ProductRow } from './catalogue.ts';
import { FINAL_STATUSES, STATUS_RANK } from './events.ts';
import { creditDeclineCompensation } from './compensation.ts';
import { creditLifetimeMonth, creditRenewalBonus } from './grants.ts';
import type { OrderStatus, ProviderEvent } from './events.ts';
import { purchaseRefusal, refundOrder } from './refunds.ts';

/** A `payment_orders` row. */
export interface OrderRow {
  id: string;
  user_id: string;
  product_id: string;
  kind: 'payment' | 'one_click' | 'resign' | 'renewal' | 'checkout' | 'upgrade';
  payment_system: string;
  amount: number;
  currency: string;
  status: OrderStatus;
  error_code: string | null;
  success_url: string | null;
  fail_url: string | null;
  source_path: string | null;
  card_id: string | null;
  subscription_id: string | null;
  provider_order_id: string | null;
  payment_url: string | null;
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  payer_email: string | null;
  paid_amount: number | null;
  paid_currency: string | null;
  fulfilled_at: Date | null;
  meta: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

/** What applying one provider event did. */
export type ApplyOutcome =
  'duplicate' | 'unknown_order' | 'ignored' | 'updated' | 'fulfilled' | 'declined' | 'held' | 'refunded';

/** Inputs of fulfilment. */
export interface FulfilmentDeps {
  db: Database;
  ledger: Ledger;
  now: () => Date;
}

export { enqueueOutbox } from '../../db/outbox.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The notification for an order's final state (001 §3 + orderId and errorCode). */
function notification(
  order: OrderRow,
  product: ProductRow | null,
  extra: {
    success: boolean;
    subscription: PaymentNotification['subscription'];
    remainingBalance: number | null;
    compensationTokens?: number;
  },
): PaymentNotification {
  return {
    success: extra.success,
    product: product
      ? { id: product.id, name: product.title, isSubscriptionProduct: product.kind === 'subscription' }
      : null,
    amountPaid: extra.success ? (order.paid_amount ?? order.amount) : order.amount,
    currencyPaid: order.paid_currency ?? order.currency,
    subscription: extra.subscription,
    remainingBalance: extra.remainingBalance,
    errorCode: extra.success ? null : order.error_code,
    orderId: order.id,
    ...(extra.compensationTokens ? { compensationTokens: extra.compensationTokens } : {}),
  };
}

async function saveCard(tx: Queryable, order: OrderRow, card: NonNullable<ProviderEvent['card']>) {
  await tx.query(
    `INSERT INTO payment_cards (id, user_id, payment_system, token, brand, last4)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, token) WHERE deleted_at IS NULL DO NOTHING`,
    [crypto.randomUUID(), order.user_id, order.payment_system, card.token, card.brand, card.last4],
  );
  const rows = await tx.query<{ id: string }>(
    'SELECT id FROM payment_cards WHERE user_id = $1 AND token = $2 AND deleted_at IS NULL',
    [order.user_id, card.token],
  );
  return rows[0]?.id ?? null;
}

/**
 * An anonymous payer's e-mail is a contact, not an identity (ADR 0290): the purchase stays on the anonymous
 * account, and the outbox mails the address a link. Only its owner following the link makes it an account's
 * e-mail (or folds this purchase into the account that already has it).
 */
async function offerPayerClaim(tx: Queryable, order: OrderRow, email: string | null, now: Date) {
  if (!email) return;
  const users = await tx.query<{ is_anonymous: boolean }>('SELECT is_anonymous FROM users WHERE id = $1', [
    order.user_id,
  ]);
  if (!users[0]?.is_anonymous) return;
  await enqueueOutbox(tx, order.user_id, 'PayerEmailClaim', { email, orderId: order.id }, now);
}

async function fulfil(
  tx: Queryable,
  deps: FulfilmentDeps,
  order: OrderRow,
  event: ProviderEvent,
  now: Date,
): Promise<void> {
  const product = await findProduct(tx, order.product_id);
  if (!product) throw new Error(`order ${order.id} names a product that no longer exists`);
  const cardId =
    event.card && order.payment_system !== 'paypal' ? await saveCard(tx, order, event.card) : null;
  let subscription: PaymentNotification['subscription'] = null;
  let subscriptionId: string | null = null;
  if (product.kind === 'subscription') {
    const renewalPeriod: Period | undefined =
      order.kind === 'renewal' && product.renewal_period_type
        ? { type: product.renewal_period_type, value: product.renewal_period_value! }
        : undefined;
    const row = await startOrExtendSubscription(tx, {
      userId: order.user_id,
      productId: product.id,
      paymentSystem: order.payment_system,
      now,
      orderId: order.id,
      cardId: cardId ?? order.card_id,
      ...(renewalPeriod ? { period: renewalPeriod } : {}),
      renewal: order.kind === 'renewal',
    });
    subscriptionId = row.id;
    subscription = { id: row.id, userId: row.user_id, paymentSystem: row.payment_system };
  } else if (cardId) {
    await refreshUserPaymentState(tx, order.user_id);
  }
  const lifetime =
    product.period_type !== null &&
    isLifetime({ type: product.period_type, value: product.period_value ?? 0 });
  // A renewal brings its bonus, not the plan's tokens again; a lifetime plan's tokens are its first month's grant,
  // keyed by user and month like the sweep's (ADR 0250); anything else credits what the order bought.
  if (order.kind === 'renewal') {
    await creditRenewalBonus(tx, deps.ledger, { userId: order.user_id, orderId: order.id });
  } else if (lifetime && subscriptionId && product.monthly_tokens > 0) {
    await creditLifetimeMonth(tx, deps.ledger, {
      userId: order.user_id,
      subscriptionId,
      amount: product.monthly_tokens,
      at: now,
    });
  }
  const tokens = order.kind === 'renewal' || lifetime ? 0 : tokensOf(product);
  if (tokens > 0) {
    await deps.ledger.credit(tx, {
      userId: order.user_id,
      amount: tokens,
      reason: product.kind === 'tokens' ? 'purchase' : 'subscription_tokens',
      refId: order.id,
      idempotencyKey: `payment:${order.id}`,
    });
  }
  const updated = await tx.query<OrderRow>(
    `UPDATE payment_orders SET status = 'approved', error_code = NULL, paid_amount = $2, paid_currency = $3,
       card_token = $4, card_brand = $5, card_last4 = $6, payer_email = $7, subscription_id = $8,
       fulfilled_at = $9, updated_at = $9, card_id = COALESCE($10, card_id)
     WHERE id = $1 RETURNING *`,
    [
      order.id,
      event.amount,
      event.currency,
      event.card?.token ?? null,
      event.card?.brand ?? null,
      event.card?.last4 ?? null,
      event.payerEmail,
      subscriptionId,
      now,
      cardId,
    ],
  );
  await offerPayerClaim(tx, order, event.payerEmail, now);
  const compensationTokens = await creditDeclineCompensation(tx, deps.ledger, order);
  const balance = await deps.ledger.getBalance(tx, order.user_id);
  await enqueueOutbox(
    tx,
    order.user_id,
    'PaymentNotification',
    notification(updated[0]!, product, {
      success: true,
      subscription,
      remainingBalance: balance.balance,
      compensationTokens,
    }),
    now,
  );
}

/**
 * Applies one provider event (webhook or status pull) exactly once; see docs/research/payments.md §4 and
 * ADR 0101.
 */
export async function applyProviderEvent(deps: FulfilmentDeps, event: ProviderEvent): Promise<ApplyOutcome> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const orderId = UUID.test(event.orderId) ? event.orderId : null;
    const claim = await tx.query(
      `INSERT INTO payment_webhook_events (provider, event_id, order_id, status, outcome, received_at)
       VALUES ($1, $2, $3, $4, 'pending', $5) ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
      [event.provider, event.eventId, orderId, event.status, now],
    );
    if (claim.length === 0) return 'duplicate';
    const outcome = await applyClaimed(tx, deps, event, orderId, now);
    await tx.query('UPDATE payment_webhook_events SET outcome = $3 WHERE provider = $1 AND event_id = $2', [
      event.provider,
      event.eventId,
      outcome,
    ]);
    return outcome;
  });
}

async function applyClaimed(
  tx: Queryable,
  deps: FulfilmentDeps,
  event: ProviderEvent,
  orderId: string | null,
  now: Date,
): Promise<ApplyOutcome> {
  if (!orderId) return 'unknown_order';
  const rows = await tx.query<OrderRow>('SELECT * FROM payment_orders WHERE id = $1 FOR UPDATE', [orderId]);
  const order = rows[0];
  if (!order || order.payment_system !== event.provider) return 'unknown_order';
  // Fulfilment is keyed on the order: once final, later events (duplicates with new ids, late declines,
  // reordered `processing`) change nothing.
  // An order we gave up on (the provider did not answer; the buyer was told to try again) that was charged
  // after all: the charge is returned, never kept without what it bought.
  if (order.status === 'expired' && event.status === 'approved' && !order.fulfilled_at) {
    await refundOrder(tx, order, event, 'order_expired', now);
    return 'refunded';
  }
  if (FINAL_STATUSES.has(order.status)) return 'ignored';
  if (event.status === 'processing' || event.status === '3ds_verify') {
    if (STATUS_RANK[event.status] <= STATUS_RANK[order.status]) return 'ignored';
    await tx.query(
      'UPDATE payment_orders SET status = $2, provider_order_id = COALESCE(provider_order_id, $3), updated_at = $4 WHERE id = $1',
      [order.id, event.status, event.providerOrderId, now],
    );
    return 'updated';
  }
  if (event.status === 'declined') {
    const product = await findProduct(tx, order.product_id);
    const code = orderDeclineCode(event.declineCode, product?.kind);
    const updated = await tx.query<OrderRow>(
      `UPDATE payment_orders SET status = 'declined', error_code = $2, payer_email = COALESCE($3, payer_email), updated_at = $4
       WHERE id = $1 RETURNING *`,
      [order.id, code, event.payerEmail, now],
    );
    if (order.kind === 'renewal') await expireSubscription(tx, order.user_id, now);
    await enqueueOutbox(
      tx,
      order.user_id,
      'PaymentNotification',
      notification(updated[0]!, product, { success: false, subscription: null, remainingBalance: null }),
      now,
    );
    return 'declined';
  }
  // Approved: verify the money before anything is granted.
  if (event.amount !== order.amount || event.currency !== order.currency) {
    await tx.query(
      `UPDATE payment_orders SET status = 'held', error_code = 'amount_mismatch', paid_amount = $2, paid_currency = $3,
         updated_at = $4 WHERE id = $1`,
      [order.id, event.amount, event.currency, now],
    );
    return 'held';
  }
  // The purchase rules again, now that the money is here: what they refuse is refunded, never granted.
  const product = await findProduct(tx, order.product_id);
  const refusal = product ? await purchaseRefusal(tx, order, product) : null;
  if (refusal) {
    const refunded = await refundOrder(tx, order, event, refusal, now);
    await enqueueOutbox(
      tx,
      order.user_id,
      'PaymentNotification',
      notification(refunded, product, { success: false, subscription: null, remainingBalance: null }),
      now,
    );
    return 'refunded';
  }
  await fulfil(tx, deps, order, event, now);
  return 'fulfilled';
}
