// The sandbox card provider (docs/research/payments.md §6): a hosted payment page, a 3-D Secure step, a
// status endpoint, card tokens for one-click and renewals, and signed webhooks with retries. It speaks three
// envelopes (Solidgate, Yuno, PayPal) over one engine. It shares the API's database but only its own
// `sandbox_*` tables.

import crypto from 'node:crypto';
import type { Database, Queryable } from '../../../db/database.ts';
import { signWebhook } from '../signatures.ts';
import type { Envelope, WebhookKeys } from '../signatures.ts';
import { cardBehaviour, cardBrand } from './test-cards.ts';

/** Sandbox order status, Solidgate's names (docs/research/payments.md §1.2). */
export type SandboxStatus = 'created' | 'processing' | '3ds_verify' | 'approved' | 'declined';

/** A `sandbox_orders` row. */
export interface SandboxOrderRow {
  id: string;
  merchant_order_id: string;
  envelope: Envelope;
  amount: number;
  currency: string;
  description: string | null;
  status: SandboxStatus;
  decline_code: string | null;
  payment_type: string;
  ask_email: boolean;
  payer_email: string | null;
  card_token: string | null;
  card_brand: string | null;
  card_last4: string | null;
  pending_outcome: string | null;
  refunded_at: Date | null;
  /** A slow-bank order settles with `pending_outcome` at this time (test card `settlesAfterSeconds`). */
  settles_at: Date | null;
  success_url: string;
  fail_url: string;
  callback_url: string;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

/** What the merchant sends to open a hosted page (Solidgate `POST /init`). */
export interface InitRequest {
  envelope: Envelope;
  merchantOrderId: string;
  amount: number;
  currency: string;
  description: string;
  successUrl: string;
  failUrl: string;
  callbackUrl: string;
  /** Anonymous visitors give an e-mail on the page (it registers them, 001 §7 registrationNotificationHub). */
  askEmail: boolean;
}

/** Thrown by the engine for a refused API call; `code` is a decline or error code (5.06 duplicate order). */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SandboxError';
  }
}

/** Test-only knobs (docs/research/payments.md §6 fault injection). */
export interface SandboxFaults {
  /** The next N `/init` calls create the order and then answer 500. */
  failInitsAfterCreate: number;
  /** Webhooks are queued but not sent until released (a delayed webhook). */
  holdWebhooks: boolean;
}

/** Delivers one webhook; resolves to the HTTP status (a throw counts as a failed attempt). */
export type WebhookDeliver = (url: string, headers: Record<string, string>, body: string) => Promise<number>;

/** Inputs of {@link createSandboxEngine}. */
export interface SandboxEngineOptions {
  db: Database;
  keys: Record<Envelope, WebhookKeys>;
  now: () => Date;
  deliver: WebhookDeliver;
  /** Path or URL prefix of the hosted pages, e.g. `/api/sandbox`. */
  pageBase: string;
  /** Deliveries stop after this many attempts. */
  maxAttempts?: number;
  /** Send webhooks right after a status change (tests turn it off and call `dispatch()` themselves). */
  autoDispatch?: boolean;
}

const PAGE_TTL_MS = 24 * 60 * 60 * 1000;
const FINAL = new Set<SandboxStatus>(['approved', 'declined']);

/** The sandbox provider's whole surface. */
export interface SandboxEngine {
  faults: SandboxFaults;
  init(request: InitRequest): Promise<{ providerOrderId: string; url: string; expiresAt: Date }>;
  find(id: string): Promise<SandboxOrderRow | null>;
  status(envelope: Envelope, merchantOrderId: string): Promise<SandboxOrderRow | null>;
  /** Card submitted on the hosted page; returns where the browser goes next. */
  submitCard(
    id: string,
    card: { number: string; expiry: { month: number; year: number }; email: string | null },
  ): Promise<{ redirect: string }>;
  /** OTP submitted on the 3-D Secure page. */
  submitOtp(id: string, otp: string): Promise<{ redirect: string }>;
  /** Merchant-initiated or one-click charge of a saved card token (Solidgate `POST /recurring`). */
  charge(
    request: Omit<InitRequest, 'successUrl' | 'failUrl' | 'askEmail'> & {
      token: string;
      paymentType: string;
    },
  ): Promise<SandboxOrderRow>;
  /** The webhook for an order as it stands now (headers + exact body), for tests that replay or forge. */
  webhookFor(
    order: SandboxOrderRow,
    eventId?: string,
  ): { headers: Record<string, string>; body: string; eventId: string };
  /** Sends due webhooks once; returns how many were delivered. */
  dispatch(): Promise<number>;
  /** Orders still waiting on the hosted page past their expiry become declined 0.02. */
  expireStale(): Promise<number>;
  /** Refunds an approved order in full, once (a second call changes nothing); false when nothing was charged. */
  refund(id: string): Promise<boolean>;
  /** Slow-bank orders whose settle time has come take their outcome (and queue its webhook); returns how many. */
  settleDue(): Promise<number>;
}

function majorUnits(cents: number): string {
  return (cents / 100).toFixed(2);
}

function withParams(url: string, params: Record<string, string>): string {
  const hashAt = url.indexOf('#');
  const base = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const hash = hashAt >= 0 ? url.slice(hashAt) : '';
  const query = new URLSearchParams(params).toString();
  if (!query) return url;
  return `${base}${base.includes('?') ? '&' : '?'}${query}${hash}`;
}

/** Builds the engine. */
export function createSandboxEngine(options: SandboxEngineOptions): SandboxEngine {
  const { db, keys, now, deliver } = options;
  const maxAttempts = options.maxAttempts ?? 8;
  const faults: SandboxFaults = { failInitsAfterCreate: 0, holdWebhooks: false };
  const kick = () => {
    if (options.autoDispatch !== false) void engine.dispatch().catch(() => undefined);
  };

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

  async function update(
    tx: Queryable,
    id: string,
    set: Partial<
      Pick<
        SandboxOrderRow,
        | 'status'
        | 'decline_code'
        | 'card_token'
        | 'card_brand'
        | 'card_last4'
        | 'pending_outcome'
        | 'payer_email'
        | 'settles_at'
      >
    >,
  ): Promise<SandboxOrderRow> {
    const entries = Object.entries(set);
    const sql = entries.map(([key], i) => `${key} = $${i + 3}`).join(', ');
    const rows = await tx.query<SandboxOrderRow>(
      `UPDATE sandbox_orders SET ${sql}, updated_at = $2 WHERE id = $1 RETURNING *`,
      [id, now(), ...entries.map(([, value]) => value)],
    );
    return rows[0]!;
  }

  function returnUrl(order: SandboxOrderRow): string {
    // A slow bank's order is still processing: the buyer goes back to the success URL to wait for it.
    const ok = order.status !== 'declined';
    const base = ok ? order.success_url : order.fail_url;
    const extra: Record<string, string> = {};
    if (order.envelope === 'yuno')
      extra.state =
        order.status === 'approved' ? 'SUCCEEDED' : order.status === 'declined' ? 'DECLINED' : 'PENDING';
    if (order.envelope === 'paypal') {
      extra.token = order.id;
      if (/[?&]purchaseType=subscription/.test(base)) extra.subscription_id = order.id;
    }
    return withParams(base, extra);
  }

  async function lockOrder(tx: Queryable, id: string): Promise<SandboxOrderRow> {
    const rows = await tx.query<SandboxOrderRow>('SELECT * FROM sandbox_orders WHERE id = $1 FOR UPDATE', [
      id,
    ]);
    const order = rows[0];
    if (!order) throw new SandboxError(404, '2.05', 'Order not found.');
    return order;
  }

  async function tokenise(tx: Queryable, number: string): Promise<string> {
    const token = `card_${crypto.randomBytes(12).toString('hex')}`;
    await tx.query('INSERT INTO sandbox_card_tokens (token, card_number, created_at) VALUES ($1, $2, $3)', [
      token,
      number,
      now(),
    ]);
    return token;
  }

  const engine: SandboxEngine = {
    faults,

    async init(request) {
      const created = await db.transaction(async (tx) => {
        const existing = await tx.query<SandboxOrderRow>(
          'SELECT * FROM sandbox_orders WHERE envelope = $1 AND merchant_order_id = $2',
          [request.envelope, request.merchantOrderId],
        );
        const found = existing[0];
        if (found) {
          // A retried init for the same order answers the same page; different terms are a duplicate order.
          if (found.amount !== request.amount || found.currency !== request.currency)
            throw new SandboxError(409, '5.06', 'Duplicate order.');
          return found;
        }
        const id = `sbx_${crypto.randomBytes(12).toString('hex')}`;
        const rows = await tx.query<SandboxOrderRow>(
          `INSERT INTO sandbox_orders (id, merchant_order_id, envelope, amount, currency, description, ask_email,
             success_url, fail_url, callback_url, expires_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING *`,
          [
            id,
            request.merchantOrderId,
            request.envelope,
            request.amount,
            request.currency,
            request.description,
            request.askEmail,
            request.successUrl,
            request.failUrl,
            request.callbackUrl,
            new Date(now().getTime() + PAGE_TTL_MS),
            now(),
          ],
        );
        return rows[0]!;
      });
      if (faults.failInitsAfterCreate > 0) {
        faults.failInitsAfterCreate -= 1;
        throw new SandboxError(500, '6.02', 'Connection error (injected).');
      }
      return {
        providerOrderId: created.id,
        url: `${options.pageBase}/pay/${created.id}`,
        expiresAt: created.expires_at,
      };
    },

    async refund(id) {
      const rows = await db.query<{ id: string }>(
        `UPDATE sandbox_orders SET refunded_at = COALESCE(refunded_at, $2), updated_at = $2
         WHERE id = $1 AND status = 'approved' RETURNING id`,
        [id, now()],
      );
      return rows.length > 0;
    },

    async find(id) {
      const rows = await db.query<SandboxOrderRow>('SELECT * FROM sandbox_orders WHERE id = $1', [id]);
      return rows[0] ?? null;
    },

    async status(envelope, merchantOrderId) {
      const rows = await db.query<SandboxOrderRow>(
        'SELECT * FROM sandbox_orders WHERE envelope = $1 AND merchant_order_id = $2',
        [envelope, merchantOrderId],
      );
      return rows[0] ?? null;
    },

    async submitCard(id, card) {
      const order = await db.transaction(async (tx) => {
        const current = await lockOrder(tx, id);
        if (current.status !== 'created') return current;
        if (current.expires_at.getTime() < now().getTime()) {
          const expired = await update(tx, id, { status: 'declined', decline_code: '0.02' });
          await enqueue(tx, expired);
          return expired;
        }
        const behaviour = cardBehaviour(card.number);
        const display = {
          card_brand: cardBrand(card.number),
          card_last4: card.number.slice(-4),
          payer_email: card.email,
        };
        const at = now();
        const expired =
          card.expiry.year < at.getUTCFullYear() ||
          (card.expiry.year === at.getUTCFullYear() && card.expiry.month < at.getUTCMonth() + 1);
        if (behaviour.outcome === '2.08' || expired) {
          const declined = await update(tx, id, {
            ...display,
            status: 'declined',
            decline_code: expired && behaviour.outcome !== '2.08' ? '2.09' : '2.08',
          });
          await enqueue(tx, declined);
          return declined;
        }
        const token = await tokenise(tx, card.number);
        if (behaviour.settlesAfterSeconds) {
          const pending = await update(tx, id, {
            ...display,
            status: 'processing',
            card_token: token,
            pending_outcome: behaviour.outcome,
            settles_at: new Date(at.getTime() + behaviour.settlesAfterSeconds * 1000),
          });
          await enqueue(tx, pending);
          return pending;
        }
        if (behaviour.threeDS) {
          const verifying = await update(tx, id, {
            ...display,
            status: '3ds_verify',
            card_token: token,
            pending_outcome: behaviour.outcome,
          });
          await enqueue(tx, verifying);
          return verifying;
        }
        const done = await update(tx, id, {
          ...display,
          card_token: behaviour.outcome === 'success' ? token : null,
          status: behaviour.outcome === 'success' ? 'approved' : 'declined',
          decline_code: behaviour.outcome === 'success' ? null : behaviour.outcome,
        });
        await enqueue(tx, done);
        return done;
      });
      kick();
      if (order.status === '3ds_verify') return { redirect: `${options.pageBase}/3ds/${order.id}` };
      if (FINAL.has(order.status) || order.settles_at) return { redirect: returnUrl(order) };
      return { redirect: `${options.pageBase}/pay/${order.id}` };
    },

    async submitOtp(id, otp) {
      const order = await db.transaction(async (tx) => {
        const current = await lockOrder(tx, id);
        if (current.status !== '3ds_verify') return current;
        const outcome = current.pending_outcome ?? 'success';
        let result: { status: SandboxStatus; decline_code: string | null };
        if (otp === '1234')
          result =
            outcome === 'success'
              ? { status: 'approved', decline_code: null }
              : { status: 'declined', decline_code: outcome };
        else if (otp === '3333') result = { status: 'declined', decline_code: '2.11' };
        else result = { status: 'declined', decline_code: '5.01' };
        const done = await update(tx, id, {
          ...result,
          pending_outcome: null,
          ...(result.status === 'approved' ? {} : { card_token: null }),
        });
        await enqueue(tx, done);
        return done;
      });
      kick();
      return { redirect: FINAL.has(order.status) ? returnUrl(order) : `${options.pageBase}/3ds/${order.id}` };
    },

    async charge(request) {
      const order = await db.transaction(async (tx) => {
        const existing = await tx.query<SandboxOrderRow>(
          'SELECT * FROM sandbox_orders WHERE envelope = $1 AND merchant_order_id = $2',
          [request.envelope, request.merchantOrderId],
        );
        if (existing[0]) {
          if (existing[0].amount !== request.amount) throw new SandboxError(409, '5.06', 'Duplicate order.');
          return existing[0];
        }
        const cards = await tx.query<{ card_number: string }>(
          'SELECT card_number FROM sandbox_card_tokens WHERE token = $1',
          [request.token],
        );
        const number = cards[0]?.card_number;
        const behaviour = number ? cardBehaviour(number) : null;
        // Off-session charges cannot run a challenge: a 3-D Secure card answers 3.09 (authentication required).
        const code = !behaviour
          ? '7.01'
          : behaviour.threeDS
            ? '3.09'
            : behaviour.outcome === 'success'
              ? null
              : behaviour.outcome;
        const rows = await tx.query<SandboxOrderRow>(
          `INSERT INTO sandbox_orders (id, merchant_order_id, envelope, amount, currency, description, status,
             decline_code, payment_type, card_token, card_brand, card_last4, success_url, fail_url, callback_url,
             expires_at, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, '', '', $13, $14, $14, $14) RETURNING *`,
          [
            `sbx_${crypto.randomBytes(12).toString('hex')}`,
            request.merchantOrderId,
            request.envelope,
            request.amount,
            request.currency,
            request.description,
            code ? 'declined' : 'approved',
            code,
            request.paymentType,
            code ? null : request.token,
            number ? cardBrand(number) : null,
            number ? number.slice(-4) : null,
            request.callbackUrl,
            now(),
          ],
        );
        await enqueue(tx, rows[0]!);
        return rows[0]!;
      });
      kick();
      return order;
    },

    webhookFor,

    async dispatch() {
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
    },

    async settleDue() {
      const at = now();
      const settled = await db.transaction(async (tx) => {
        const rows = await tx.query<SandboxOrderRow>(
          `UPDATE sandbox_orders SET
             status = CASE WHEN pending_outcome = 'success' THEN 'approved' ELSE 'declined' END,
             decline_code = CASE WHEN pending_outcome = 'success' THEN NULL ELSE pending_outcome END,
             card_token = CASE WHEN pending_outcome = 'success' THEN card_token ELSE NULL END,
             pending_outcome = NULL, settles_at = NULL, updated_at = $1
           WHERE status = 'processing' AND settles_at IS NOT NULL AND settles_at <= $1 RETURNING *`,
          [at],
        );
        for (const row of rows) await enqueue(tx, row);
        return rows.length;
      });
      if (settled > 0) kick();
      return settled;
    },

    async expireStale() {
      const at = now();
      return db.transaction(async (tx) => {
        const rows = await tx.query<SandboxOrderRow>(
          `UPDATE sandbox_orders SET status = 'declined', decline_code = '0.02', updated_at = $1
           WHERE status IN ('created', '3ds_verify') AND expires_at < $1 RETURNING *`,
          [at],
        );
        for (const row of rows) await enqueue(tx, row);
        return rows.length;
      });
    },
  };
  return engine;
}
