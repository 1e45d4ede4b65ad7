// The sandbox card provider (docs/research/payments.md §6): a hosted payment page, a 3-D Secure step, a
// status endpoint, card tokens for one-click and renewals, and signed webhooks with retries. It speaks three
// envelopes (Solidgate, Yuno, PayPal) over one engine. It shares the API's database but only its own
// `sandbox_*` tables.
// This file wires the engine: the order store (`order-store.ts`), the card outcomes (`card-outcomes.ts`) and the
// webhook queue (`webhooks.ts`); types in `engine-types.ts`.

import crypto from 'node:crypto';
import { createCardOutcomes } from './card-outcomes.ts';
import type {
  SandboxEngine,
  SandboxEngineOptions,
  SandboxFaults,
  SandboxOrderRow,
  SandboxStatus,
} from './engine-types.ts';
import { SandboxError } from './engine-types.ts';
import { createSandboxOrderStore } from './order-store.ts';
import { createSandboxWebhooks } from './webhooks.ts';

export { SandboxError } from './engine-types.ts';
export type {
  InitRequest,
  SandboxEngine,
  SandboxEngineOptions,
  SandboxFaults,
  SandboxOrderRow,
  SandboxStatus,
  WebhookDeliver,
} from './engine-types.ts';

const PAGE_TTL_MS = 24 * 60 * 60 * 1000;
const FINAL = new Set<SandboxStatus>(['approved', 'declined']);

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
  const { db, now } = options;
  const faults: SandboxFaults = { failInitsAfterCreate: 0, holdWebhooks: false };
  const kick = () => {
    if (options.autoDispatch !== false) void engine.dispatch().catch(() => undefined);
  };
  const store = createSandboxOrderStore(db, now);
  const { webhookFor, enqueue, dispatch } = createSandboxWebhooks(options, faults);
  const cards = createCardOutcomes({ now, store, enqueue });

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

    refund: store.refund,
    find: store.find,
    status: store.status,

    async submitCard(id, card) {
      const order = await db.transaction((tx) => cards.submitCard(tx, id, card));
      kick();
      if (order.status === '3ds_verify') return { redirect: `${options.pageBase}/3ds/${order.id}` };
      if (FINAL.has(order.status) || order.settles_at) return { redirect: returnUrl(order) };
      return { redirect: `${options.pageBase}/pay/${order.id}` };
    },

    async submitOtp(id, otp) {
      const order = await db.transaction((tx) => cards.submitOtp(tx, id, otp));
      kick();
      return { redirect: FINAL.has(order.status) ? returnUrl(order) : `${options.pageBase}/3ds/${order.id}` };
    },

    async charge(request) {
      const order = await db.transaction((tx) => cards.charge(tx, request));
      kick();
      return order;
    },

    webhookFor,

    dispatch,

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
