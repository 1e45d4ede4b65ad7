// The sandbox's webhooks: one body per envelope (Solidgate, Yuno, PayPal), signed at send time, queued in
// `sandbox_webhooks` and delivered in order with exponential backoff.

import crypto from 'node:crypto';
import type { Queryable } from '../../../db/database.ts';
import { signWebhook } from '../signatures.ts';
import type { Envelope } from '../signatures.ts';
import type { SandboxEngineOptions, SandboxFaults, SandboxOrderRow } from './engine-types.ts';

function majorUnits(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The webhook queue of one engine: bodies, the signed webhook of an order, enqueueing and delivery. */
export interface SandboxWebhooks {
  /** The webhook for an order as it stands now (headers + exact body). */
  webhookFor(
    order: SandboxOrderRow,
    eventId?: string,
  ): { headers: Record<string, string>; body: string; eventId: string };
  /** Queues the order's current state as a webhook to its callback URL, in the caller's transaction. */
  enqueue(tx: Queryable, order: SandboxOrderRow): Promise<void>;
  /** Sends due webhooks once (nothing while `faults.holdWebhooks`); returns how many were delivered. */
  dispatch(): Promise<number>;
}

/** Builds the webhook queue over the engine's database, keys, clock and delivery; `faults` is the engine's own. */
export function createSandboxWebhooks(options: SandboxEngineOptions, faults: SandboxFaults): SandboxWebhooks {
  const { db, keys, now, deliver } = options;
  const maxAttempts = options.maxAttempts ?? 8;

  function bodyFor(order: SandboxOrderRow, eventId: string): string {
    const at = order.updated_at.toISOString();
    const card = order.card_token
      ? { token: order.card_token, brand: order.card_brand, last4: order.card_last4 }
      : null;
    if (order.envelope === 'solidgate') {
      return JSON.stringify({
        event_id: eventId,
        type: 'order.updated',
        created_at: at,
        order: {
          order_id: order.merchant_order_id,
          provider_order_id: order.id,
          status: order.status,
          amount: order.amount,
          currency: order.currency,
          payment_type: order.payment_type,
          customer_email: order.payer_email,
        },
        error: order.decline_code ? { code: order.decline_code } : null,
        card,
      });
    }
    if (order.envelope === 'yuno') {
      const status =
        order.status === 'approved' ? 'SUCCEEDED' : order.status === 'declined' ? 'DECLINED' : 'PENDING';
      return JSON.stringify({
        type_event: `payment.${status.toLowerCase()}`,
        created_at: at,
        data: {
          payment: {
            id: order.id,
            merchant_order_id: order.merchant_order_id,
            idempotency_key: eventId,
            status,
            sub_status: order.status === '3ds_verify' ? 'WAITING_ADDITIONAL_STEP' : null,
            amount: { value: Number(majorUnits(order.amount)), currency: order.currency },
            response_code: order.decline_code,
            customer_payer: { email: order.payer_email },
            payment_method: card
              ? { vaulted_token: card.token, card: { brand: card.brand, last4: card.last4 } }
              : null,
          },
        },
      });
    }
    const status =
      order.status === 'approved' ? 'COMPLETED' : order.status === 'declined' ? 'DECLINED' : 'PENDING';
    return JSON.stringify({
      id: eventId,
      event_type: `PAYMENT.CAPTURE.${status === 'DECLINED' ? 'DENIED' : status}`,
      create_time: at,
      resource: {
        id: order.id,
        custom_id: order.merchant_order_id,
        status,
        amount: { currency_code: order.currency, value: majorUnits(order.amount) },
        status_details: order.decline_code ? { reason: order.decline_code } : null,
        payer: { email_address: order.payer_email },
        vault: card,
      },
    });
  }

  function webhookFor(order: SandboxOrderRow, eventId = `evt_${crypto.randomUUID()}`) {
    const body = bodyFor(order, eventId);
    return {
      headers: signWebhook(order.envelope, keys[order.envelope], body, eventId, now()),
      body,
      eventId,
    };
  }

  async function enqueue(tx: Queryable, order: SandboxOrderRow): Promise<void> {
    const eventId = `evt_${crypto.randomUUID()}`;
    await tx.query(
      `INSERT INTO sandbox_webhooks (event_id, envelope, url, body, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [eventId, order.envelope, order.callback_url, bodyFor(order, eventId), now()],
    );
  }

  async function dispatch() {
    if (faults.holdWebhooks) return 0;
    const at = now();
    const due = await db.transaction((tx) =>
      tx.query<{
        id: number;
        url: string;
        body: string;
        envelope: Envelope;
        event_id: string;
        attempts: number;
      }>(
        `UPDATE sandbox_webhooks SET attempts = attempts + 1, next_attempt_at = $2
           WHERE id IN (SELECT id FROM sandbox_webhooks
                        WHERE delivered_at IS NULL AND next_attempt_at <= $1 AND attempts < $3
                        ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
           RETURNING id, url, body, envelope, event_id, attempts`,
        [at, new Date(at.getTime() + 30_000), maxAttempts],
      ),
    );
    let delivered = 0;
    // In order: a later status of one order must not overtake an earlier one on the happy path.
    due.sort((a, b) => a.id - b.id);
    for (const hook of due) {
      let status: number;
      try {
        const headers = signWebhook(hook.envelope, keys[hook.envelope], hook.body, hook.event_id, now());
        status = await deliver(hook.url, headers, hook.body);
      } catch {
        status = 0;
      }
      if (status >= 200 && status < 300) {
        delivered += 1;
        await db.query('UPDATE sandbox_webhooks SET delivered_at = $2, last_status = $3 WHERE id = $1', [
          hook.id,
          now(),
          status,
        ]);
      } else {
        // Exponential backoff: 1 s, 2 s, 4 s … capped at 5 min.
        const delay = Math.min(300_000, 1000 * 2 ** (hook.attempts - 1));
        await db.query('UPDATE sandbox_webhooks SET next_attempt_at = $2, last_status = $3 WHERE id = $1', [
          hook.id,
          new Date(now().getTime() + delay),
          status,
        ]);
      }
    }
    return delivered;
  }

  return { webhookFor, enqueue, dispatch };
}
