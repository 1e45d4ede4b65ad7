// Payments (001 §7): catalogue reads, order creation with Idempotency-Key, the sandbox provider, signed
// webhooks with exactly-once fulfilment, the outbox to the hubs, subscriptions and cards. ADRs 0100–0103.

import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter } from 'prom-client';
import { z } from 'zod';
import type { PaymentSystem } from '@companion/contracts';
import type { UserRow } from '../../db/accounts.ts';
import { userFeatures } from '../../db/accounts.ts';
import {
  choosePaymentSystem,
  liveSubscription,
  periodMonths,
  refreshUserPaymentState,
  toWireSubscription,
} from '../../db/payment-state.ts';
import { currentUser } from '../../http/auth.ts';
import { requireAdmin } from '../../http/admin.ts';
import { HttpError, badRequest, conflict, fromZodError, notFound } from '../../http/errors.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { parseParam, parseQuery } from '../../http/validate.ts';
import { countryOf } from '../users/country.ts';
import {
  HIDDEN_LISTS,
  findProduct,
  listProducts,
  regionOf,
  toSubscriptionProduct,
  toTokenProduct,
} from './catalogue.ts';
import type { ProductRow } from './catalogue.ts';
import { FINAL_STATUSES, parseProviderEvent } from './events.ts';
import { applyProviderEvent } from './fulfilment.ts';
import type { ApplyOutcome, OrderRow } from './fulfilment.ts';
import { liveProvidersFromEnv, nodeFetch } from './live-providers.ts';
import type { Fetch } from './live-providers.ts';
import { relayOutbox } from './outbox.ts';
import type { PaymentNotifier } from './outbox.ts';
import { sandboxProvider } from './provider.ts';
import type { PaymentProvider } from './provider.ts';
import { compensationOf } from './compensation.ts';
import { createSandboxEngine } from './sandbox/engine.ts';
import type { SandboxEngine, WebhookDeliver } from './sandbox/engine.ts';
import { registerSandboxRoutes } from './sandbox/routes.ts';
import { ownReturnUrl } from './return-url.ts';
import type { Envelope, WebhookKeys } from './signatures.ts';
import { runRenewals } from './subscriptions.ts';
import { notLongerThan, runRefunds } from './refunds.ts';
import { offerRefusal } from './offer-rules.ts';
import { IN_FLIGHT_MAX_MS, recoverInFlightKeys } from './idempotency-recovery.ts';

const ENVELOPES: readonly Envelope[] = ['solidgate', 'yuno', 'paypal'];

const optionalText = (max: number) => z.string().max(max).nullable().optional();
const productId = z
  .string({ message: 'productId is required.' })
  .trim()
  .min(1, 'productId is required.')
  .max(64, 'productId is at most 64 characters.');
const returnUrl = (name: string) =>
  z
    .string({ message: `${name} is required.` })
    .min(1, `${name} is required.`)
    .max(2048);

/** 001 §7: the fields every creation call carries; unknown fields (amount, price, currency…) are refused. */
const CreationBody = z
  .object({
    productId,
    successUrl: returnUrl('successUrl'),
    failUrl: returnUrl('failUrl'),
    sourcePath: optionalText(512),
    customerPlatform: optionalText(64),
    userAgent: optionalText(1024),
    trafficSource: optionalText(256),
    fingerprint: optionalText(512),
    isNConfirmed: z.boolean().optional(),
    isSConfirmed: z.boolean().optional(),
    isDownsellPayment: z.boolean().optional(),
    downsellType: optionalText(64),
    /** One-click only: which saved card (default: the newest). */
    userCardInfoId: z.uuid('userCardInfoId must be a UUID.').optional(),
    /** One-click only: the buyer ticked 'By continuing I agree to be charged…' (001 §2); required there. */
    consent: z.boolean().optional(),
  })
  .strict();
const ResignBody = z
  .object({
    productId,
    userCardInfoId: z.uuid('userCardInfoId must be a UUID.'),
    successUrl: returnUrl('successUrl'),
    failUrl: returnUrl('failUrl'),
    sourcePath: optionalText(512),
    customerPlatform: optionalText(64),
    userAgent: optionalText(1024),
  })
  .strict();
/** 001 §3 Checkout start payload. */
const CheckoutBody = z
  .object({
    productId,
    isPurchaseTokens: z.boolean({ message: 'isPurchaseTokens must be a boolean.' }),
    isDownsellPayment: z.boolean().optional().default(false),
    downsellType: optionalText(64),
    redirectUrl: returnUrl('redirectUrl'),
    pathname: optionalText(512),
  })
  .strict();
const OrderQuery = z.object({ orderId: z.uuid('orderId must be a UUID.'), requestID: optionalText(100) });
const DownsellQuery = z.object({ downsellType: z.enum(['base', 'extra']).optional() });
const InsufficientQuery = z.object({ variant: z.enum(['main', 'downsell', 'monthly']).optional() });
const TokenDownsellQuery = z.object({ tokenProductId: z.string().max(64).optional() });
const ExtraQuery = z.object({ step: z.enum(['welcome', 'downsell', 'extra']).optional() });
const answer = z.string().max(500, 'each answer is at most 500 characters.');
/** The answers list, sent bare (001 §7) or as `{ answers }`. */
const CancelBody = z.preprocess(
  (value) => (Array.isArray(value) ? { answers: value } : value),
  z.object({ answers: z.array(answer).max(20, 'at most 20 answers.').optional() }).strict(),
);
const UpdateBody = z.object({ productId }).strict();
const CardQuery = z.object({ cardId: z.uuid('cardId must be a UUID.') });
const SaveCardBody = z.object({ orderId: z.uuid('orderId must be a UUID.') }).strict();
const IdempotencyKey = z.string().min(1).max(255);
const Uuid = z.uuid('must be a UUID.');

/**
 * Like `parseBody`, but a field the call does not take (amount, price, currency…) is named in the error, so a
 * client that tries to set a price learns exactly which field was refused.
 */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const key = [...issue.path.map(String), issue.keys[0] ?? ''].filter(Boolean).join('.');
    throw badRequest(`${key}: not accepted here (prices come from the catalogue).`, key, 'validation_failed');
  }
  throw fromZodError(result.error);
}

/** Test and bench handles on the payments machinery. */
export interface PaymentsControl {
  engine: SandboxEngine;
  /** Webhook keys per envelope (tests sign their own forgeries and replays). */
  keys: Record<Envelope, WebhookKeys>;
  providers: Record<Envelope, PaymentProvider>;
  dispatchWebhooks(): Promise<number>;
  relayOutbox(): Promise<number>;
  /** Pulls the provider for non-final orders older than `olderThanMs` (default 2 min). */
  reconcile(olderThanMs?: number): Promise<number>;
  runRenewals(): Promise<number>;
  /** Sends queued refunds (orders a rule refused at fulfilment) to their providers. */
  runRefunds(): Promise<number>;
  /** Settles Idempotency-Keys left in flight before `before` from their orders (default: older than 5 min). */
  recoverKeys(before?: Date): Promise<number>;
}

/** Options of {@link paymentsFeature}. */
export interface PaymentsOptions {
  /** Timers and immediate sends (webhooks, outbox); tests switch them off and drive `control` by hand. */
  background?: boolean;
  /** Replaces the hub notifier (tests record notifications). */
  notifier?: PaymentNotifier;
  /** Replaces webhook delivery (default: in-process request to the callback path, raw bytes and all). */
  deliver?: WebhookDeliver;
  /** Receives the control handles once the feature is registered. */
  onReady?: (control: PaymentsControl) => void;
  /** Where live provider credentials are read (default `process.env`); none set → every provider is the sandbox. */
  env?: NodeJS.ProcessEnv;
  /** HTTP client of the live adapters (contract tests record with it). */
  fetch?: Fetch;
}

/** Sandbox keys derived from the JWT key: stable per installation, never stored, never sent. */
export function sandboxKeys(jwtKey: Uint8Array, kind: 'wh' | 'api'): Record<Envelope, WebhookKeys> {
  const derive = (label: string) =>
    crypto.createHmac('sha256', jwtKey).update(`payments-sandbox:${kind}:${label}`).digest('hex');
  return {
    solidgate: { publicKey: `${kind}_pk_sandbox`, secretKey: `${kind}_sk_${derive('solidgate')}` },
    yuno: { publicKey: 'yuno-sandbox', secretKey: derive('yuno') },
    paypal: { publicKey: 'WH-SANDBOX', secretKey: derive('paypal') },
  };
}

/**
 * Whether a checkout start offers the provider's embedded form (ADR 0410): the user's `paymentForm` feature flag,
 * 'embedded' to opt in (set with `Authenticate/update-feature-flags`), while the hosted page stays the default.
 */
function embeddedFormFor(user: Pick<UserRow, 'features'>): boolean {
  return (user.features as Record<string, unknown>)['paymentForm'] === 'embedded';
}

/** Sends an idempotent call's answer, marking a replay the way Stripe does. */
function sendResult(reply: FastifyReply, result: { status: number; body: unknown; replayed: boolean }) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(result.status).send(result.body);
}

function headerCountry(request: FastifyRequest, deps: FeatureDeps): string | null {
  const found = countryOf(request.headers, deps.config.countryHeader);
  return found.source === 'header' ? found.country : null;
}

function publicOrder(order: OrderRow, product: ProductRow | null, compensationTokens = 0) {
  return {
    orderId: order.id,
    status: order.status,
    isFinal: FINAL_STATUSES.has(order.status),
    success: order.status === 'approved',
    errorCode: order.error_code,
    productId: order.product_id,
    name: product?.title ?? order.product_id,
    isSubscriptionProduct: product?.kind === 'subscription',
    amountPaid: order.status === 'approved' ? (order.paid_amount ?? order.amount) : order.amount,
    currency: order.currency,
    paymentSystem: order.payment_system,
    subscriptionId: order.subscription_id,
    compensationTokens,
  };
}

/** The payments feature; `FEATURES` mounts `paymentsFeature()`. */
export function paymentsFeature(options: PaymentsOptions = {}): FeaturePlugin {
  return async (app, deps) => {
    const { db } = deps;
    const background = options.background ?? true;
    const notifier: PaymentNotifier = options.notifier ?? deps.notifier;
    const whKeys = sandboxKeys(deps.jwtKey, 'wh');
    const apiKeys = sandboxKeys(deps.jwtKey, 'api');
    const publicOrigin = new URL(deps.config.publicUrl).origin;
    const deliver: WebhookDeliver =
      options.deliver ??
      (async (url, headers, body) => {
        if (url.startsWith('/')) {
          const response = await app.inject({
            method: 'POST',
            url,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: body,
          });
          return response.statusCode;
        }
        const response = await fetch(url, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body,
          signal: AbortSignal.timeout(30_000),
        });
        return response.status;
      });
    const engine = createSandboxEngine({
      db,
      keys: whKeys,
      now: deps.now,
      deliver,
      pageBase: '/api/sandbox',
      autoDispatch: background,
    });
    const providers = {
      ...(Object.fromEntries(
        ENVELOPES.map((system) => [
          system,
          // Only the Solidgate envelope has an embedded form (PayPal redirects; Yuno's SDK is not built).
          sandboxProvider(
            engine,
            system,
            whKeys[system],
            system === 'solidgate' ? apiKeys.solidgate : undefined,
          ),
        ]),
      ) as Record<Envelope, PaymentProvider>),
      ...liveProvidersFromEnv(options.env ?? process.env, options.fetch ?? nodeFetch),
    };
    const fulfilmentDeps = { db, ledger: deps.ledger, now: deps.now };
    // Server-side view beside the client's front_payment_duration: what each provider event did.
    const eventOutcomes = new Counter({
      name: 'payments_provider_events_total',
      help: 'Provider events (webhooks and status pulls) by provider and outcome.',
      labelNames: ['provider', 'outcome'],
      registers: [deps.metrics.registry],
    });
    const relay = () => relayOutbox(deps, notifier);
    const refunds = () =>
      runRefunds(db, providers, deps.now, (error, orderId) =>
        app.log.error({ err: error, orderId }, 'payment refund failed; retried every minute'),
      );
    const kickRelay = () => {
      if (background)
        void relay().catch((error: unknown) => app.log.error({ err: error }, 'payments outbox'));
    };
    const apply = async (event: Parameters<typeof applyProviderEvent>[1]): Promise<ApplyOutcome> => {
      const outcome = await applyProviderEvent(fulfilmentDeps, event);
      eventOutcomes.inc({ provider: event.provider, outcome });
      if (outcome === 'fulfilled' || outcome === 'declined' || outcome === 'refunded') kickRelay();
      if (outcome === 'refunded' && background)
        void refunds().catch((error: unknown) => app.log.error({ err: error }, 'payments refunds'));
      return outcome;
    };

    async function loadUser(id: string): Promise<UserRow> {
      const rows = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
      return rows[0]!;
    }

    async function ownOrder(userId: string, orderId: string): Promise<OrderRow> {
      const rows = await db.query<OrderRow>('SELECT * FROM payment_orders WHERE id = $1 AND user_id = $2', [
        orderId,
        userId,
      ]);
      if (!rows[0]) throw notFound('No such order.', 'order_not_found');
      return rows[0];
    }

    /** Pulls the provider for one order and applies what it says (same idempotent path as webhooks). */
    async function pull(order: OrderRow): Promise<void> {
      if (FINAL_STATUSES.has(order.status) || !order.provider_order_id) return;
      const provider = providers[order.payment_system as Envelope];
      if (!provider) return;
      const event = await provider.status(order.id);
      if (event) await apply(event);
    }

    /** successUrl / failUrl / redirectUrl: a path on this site, or an absolute URL on the public origin. */
    const ownUrl = (raw: string, field: string) => ownReturnUrl(raw, field, publicOrigin);

    function withReturnParams(base: string, params: Record<string, string>): string {
      const hashAt = base.indexOf('#');
      const head = hashAt >= 0 ? base.slice(0, hashAt) : base;
      const tail = hashAt >= 0 ? base.slice(hashAt) : '';
      return `${head}${head.includes('?') ? '&' : '?'}${new URLSearchParams(params).toString()}${tail}`;
    }

    /** A product the caller may buy: active, visible to them, and an upgrade when they already subscribe. */
    async function purchasable(user: UserRow, id: string): Promise<ProductRow> {
      const product = await findProduct(db, id);
      const hidden = product?.lists.some((list) => HIDDEN_LISTS.has(list)) ?? false;
      if (!product || (hidden && !user.is_admin))
        throw badRequest('productId: no such product.', 'productId', 'unknown_product');
      if (product.kind === 'subscription') {
        const live = await liveSubscription(db, user.id);
        if (live) {
          if (notLongerThan(live, product))
            throw conflict(
              'productId: you already hold this plan or a longer one; only longer plans can be bought.',
              'already_subscribed',
              'productId',
            );
        }
      }
      const used = await offerRefusal(db, user.id, product);
      if (used) throw conflict(used, 'offer_used', 'productId');
      return product;
    }

    const requestKey = new AsyncLocalStorage<string>();

    /** Stripe-style Idempotency-Key around a creation call (ADR 0102). */
    async function idempotent(
      request: FastifyRequest,
      route: string,
      parsed: unknown,
      run: () => Promise<unknown>,
    ): Promise<{ status: number; body: unknown; replayed: boolean }> {
      const raw = request.headers['idempotency-key'];
      if (raw === undefined) return { status: 200, body: await run(), replayed: false };
      const key = IdempotencyKey.safeParse(Array.isArray(raw) ? raw[0] : raw);
      if (!key.success)
        throw badRequest('Idempotency-Key must be 1–255 characters.', 'Idempotency-Key', 'validation_failed');
      const userId = currentUser(request).id;
      const hash = crypto
        .createHash('sha256')
        .update(`${route}\n${JSON.stringify(parsed)}`)
        .digest('hex');
      const claimed = await db.query(
        `INSERT INTO payment_idempotency_keys (user_id, key, route, request_hash, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
        [userId, key.data, route, hash, deps.now()],
      );
      if (claimed.length === 0) {
        const rows = await db.query<{
          route: string;
          request_hash: string;
          response_status: number | null;
          response_body: unknown;
        }>('SELECT * FROM payment_idempotency_keys WHERE user_id = $1 AND key = $2', [userId, key.data]);
        const saved = rows[0]!;
        if (saved.route !== route || saved.request_hash !== hash)
          throw new HttpError(
            422,
            'idempotency_key_reused',
            'This Idempotency-Key was already used with a different request.',
            'Idempotency-Key',
          );
        if (saved.response_status === null)
          throw conflict(
            'A request with this Idempotency-Key is still in progress.',
            'idempotency_in_progress',
            'Idempotency-Key',
          );
        return { status: saved.response_status, body: saved.response_body, replayed: true };
      }
      const save = (status: number, body: unknown) =>
        db.query(
          'UPDATE payment_idempotency_keys SET response_status = $3, response_body = $4 WHERE user_id = $1 AND key = $2',
          [userId, key.data, status, JSON.stringify(body)],
        );
      try {
        // The orders this request writes carry its key, so a crash mid-request is answered from them later.
        const body = await requestKey.run(key.data, run);
        await save(200, body);
        return { status: 200, body, replayed: false };
      } catch (error) {
        if (error instanceof HttpError && error.status < 500) {
          await save(error.status, {
            error: {
              code: error.code,
              message: error.message,
              ...(error.field ? { field: error.field } : {}),
            },
          });
        } else {
          // A server-side failure did not happen as far as the client knows: the key may be retried.
          await db.query('DELETE FROM payment_idempotency_keys WHERE user_id = $1 AND key = $2', [
            userId,
            key.data,
          ]);
        }
        throw error;
      }
    }

    interface NewOrder {
      user: UserRow;
      product: ProductRow;
      kind: OrderRow['kind'];
      system: PaymentSystem;
      successUrl: string | null;
      failUrl: string | null;
      sourcePath: string | null;
      cardId?: string | null;
      meta?: Record<string, unknown>;
    }

    /** Writes the local order before any provider call (docs/research/payments.md §4). */
    async function insertOrder(input: NewOrder): Promise<OrderRow> {
      const rows = await db.query<OrderRow>(
        `INSERT INTO payment_orders (id, user_id, product_id, kind, payment_system, amount, currency, success_url,
           fail_url, source_path, card_id, meta, created_at, updated_at, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14) RETURNING *`,
        [
          crypto.randomUUID(),
          input.user.id,
          input.product.id,
          input.kind,
          input.system,
          input.product.current_price,
          input.product.currency,
          input.successUrl,
          input.failUrl,
          input.sourcePath,
          input.cardId ?? null,
          JSON.stringify(input.meta ?? {}),
          deps.now(),
          requestKey.getStore() ?? null,
        ],
      );
      return rows[0]!;
    }

    /** Calls the provider with retries on the same order id (its init is idempotent per order). */
    async function withRetries<T>(order: OrderRow, call: () => Promise<T>): Promise<T> {
      let last: unknown;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        try {
          return await call();
        } catch (error) {
          last = error;
          if (error && typeof error === 'object' && 'status' in error && Number(error.status) < 500) break;
        }
      }
      await db.query(
        `UPDATE payment_orders SET status = 'expired', error_code = '6.02', updated_at = $2 WHERE id = $1`,
        [order.id, deps.now()],
      );
      app.log.error({ err: last, orderId: order.id }, 'payment provider call failed');
      throw new HttpError(502, 'provider_unavailable', 'The payment provider did not answer; try again.');
    }

    /** Hosted-page payment: order row, then the provider, then the link. */
    async function createHostedPayment(
      request: FastifyRequest,
      input: {
        productId: string;
        successUrl: string;
        failUrl: string;
        sourcePath: string | null;
        kind: OrderRow['kind'];
        system: PaymentSystem | null;
        cardId?: string | null;
        meta: Record<string, unknown>;
        /** This call may offer the provider's embedded form beside the hosted page (the user's flag decides, ADR 0410). */
        embeddedForm?: boolean;
      },
    ) {
      const userId = currentUser(request).id;
      const user = await loadUser(userId);
      // The return URLs first: a bad one is refused by name whatever else is wrong.
      const success = ownUrl(input.successUrl, 'successUrl');
      const fail = ownUrl(input.failUrl, 'failUrl');
      const product = await purchasable(user, input.productId);
      const system =
        input.system ??
        choosePaymentSystem({
          country: headerCountry(request, deps),
          utmSource: user.utm_source,
          preferredPaymentMethod: userFeatures(user).preferredPaymentMethod,
          liveSubscriptionSystem: user.active_subscription?.paymentSystem ?? null,
        });
      const provider = providers[system as Envelope];
      if (!provider) throw badRequest(`No provider for ${system}.`, 'paymentSystem', 'unknown_provider');
      const order = await insertOrder({
        user,
        product,
        kind: input.kind,
        system,
        successUrl: success,
        failUrl: fail,
        sourcePath: input.sourcePath,
        cardId: input.cardId ?? null,
        meta: input.meta,
      });
      const params = {
        orderId: order.id,
        productId: product.id,
        purchaseType: product.kind === 'subscription' ? 'subscription' : 'token',
        userId,
        paymentSystem: system,
      };
      const created = await withRetries(order, () =>
        provider.createPayment({
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
          description: product.title,
          successUrl: withReturnParams(success, params),
          failUrl: withReturnParams(fail, params),
          callbackUrl: `/api/payments/webhooks/${system}`,
          askEmail: user.is_anonymous,
        }),
      );
      await db.query(
        'UPDATE payment_orders SET provider_order_id = $2, payment_url = $3, updated_at = $4 WHERE id = $1',
        [order.id, created.providerOrderId, created.paymentUrl, deps.now()],
      );
      const form =
        input.embeddedForm && embeddedFormFor(user) && provider.paymentForm
          ? provider.paymentForm({
              order_id: order.id,
              amount: order.amount,
              currency: order.currency,
              order_description: product.title,
            })
          : null;
      // The hosted page's link stays in every answer: PayPal, and the fallback when the form's script cannot load.
      return { ...hostedAnswer(order, created.paymentUrl), ...(form ? { form } : {}) };
    }

    /** A hosted-page creation call's answer. */
    function hostedAnswer(order: OrderRow, paymentUrl: string) {
      return {
        orderId: order.id,
        paymentSystem: order.payment_system,
        productId: order.product_id,
        amount: order.amount,
        currency: order.currency,
        status: order.status,
        paymentUrl,
        data: { link: { href: paymentUrl } },
      };
    }

    /** A saved-card charge's answer: the order as it stands. */
    async function chargedAnswer(order: OrderRow) {
      return {
        ...publicOrder(
          order,
          await findProduct(db, order.product_id),
          await compensationOf(db, order.user_id, order.id),
        ),
        data: { link: { href: null } },
      };
    }

    /**
     * What an interrupted creation call would have answered, from the provider's view of its order first: the
     * page it opened, or the charge it made; null when the provider never saw it (the key is released).
     */
    async function interruptedAnswer(order: OrderRow): Promise<unknown> {
      const provider = providers[order.payment_system as Envelope];
      const event = provider && !FINAL_STATUSES.has(order.status) ? await provider.status(order.id) : null;
      if (event) await apply(event);
      const [now] = await db.query<OrderRow>('SELECT * FROM payment_orders WHERE id = $1', [order.id]);
      if (now!.payment_url) return hostedAnswer(now!, now!.payment_url);
      if (now!.status === 'created' || now!.status === 'expired') return null;
      return chargedAnswer(now!);
    }
    const recoverKeys = (before: Date) => recoverInFlightKeys(db, before, interruptedAnswer, deps.now);

    /** Charges a saved card (one-click, upgrade): the provider answers at once; the status pull fulfils. */
    async function chargeSavedCard(
      user: UserRow,
      product: ProductRow,
      cardId: string | undefined,
      kind: OrderRow['kind'],
      meta: Record<string, unknown>,
    ) {
      const cards = await db.query<{ id: string; token: string; payment_system: string }>(
        `SELECT id, token, payment_system FROM payment_cards WHERE user_id = $1 AND deleted_at IS NULL
         ${cardId ? 'AND id = $2' : ''} ORDER BY created_at DESC LIMIT 1`,
        cardId ? [user.id, cardId] : [user.id],
      );
      const card = cards[0];
      // Another user's card looks exactly like a missing one, and the provider is never called.
      if (!card) throw notFound('No saved card.', 'card_not_found');
      const provider = providers[card.payment_system as Envelope];
      if (!provider) throw notFound('No saved card.', 'card_not_found');
      const order = await insertOrder({
        user,
        product,
        kind,
        system: card.payment_system,
        successUrl: null,
        failUrl: null,
        sourcePath: null,
        cardId: card.id,
        meta,
      });
      const charged = await withRetries(order, () =>
        provider.chargeToken({
          orderId: order.id,
          amount: order.amount,
          currency: order.currency,
          description: product.title,
          token: card.token,
          callbackUrl: `/api/payments/webhooks/${card.payment_system}`,
          paymentType: '1-click',
        }),
      );
      await db.query('UPDATE payment_orders SET provider_order_id = $2, updated_at = $3 WHERE id = $1', [
        order.id,
        charged.providerOrderId,
        deps.now(),
      ]);
      await pull({ ...order, provider_order_id: charged.providerOrderId });
      return chargedAnswer(await ownOrder(user.id, order.id));
    }

    const auth = { preHandler: app.authenticate };
    // Payment attempts are what card testers automate (ASVS 2.4.1): the auth limit per IP applies to them too.
    const limited = {
      preHandler: app.authenticate,
      config: { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: 60_000 } },
    };
    const creationMeta = (body: z.infer<typeof CreationBody>) => ({
      customerPlatform: body.customerPlatform ?? null,
      userAgent: body.userAgent ?? null,
      trafficSource: body.trafficSource ?? null,
      fingerprint: body.fingerprint ?? null,
      isDownsellPayment: body.isDownsellPayment ?? false,
      downsellType: body.downsellType ?? null,
    });

    const creation = (path: string, system: PaymentSystem | null) =>
      app.post(path, limited, async (request, reply) => {
        const body = parseBody(CreationBody, request.body);
        const result = await idempotent(request, path, body, () =>
          createHostedPayment(request, {
            productId: body.productId,
            successUrl: body.successUrl,
            failUrl: body.failUrl,
            sourcePath: body.sourcePath ?? null,
            kind: 'payment',
            system,
            meta: creationMeta(body),
          }),
        );
        return sendResult(reply, result);
      });
    creation('/Payments/create-payment-intent', null);
    creation('/YunoPayments/create-payment-intent', 'yuno');
    creation('/YunoPayments/create-payment', 'yuno');
    creation('/PaypalPayments/create-payment', 'paypal');

    app.post('/Payments/one-click', limited, async (request, reply) => {
      const body = parseBody(CreationBody, request.body);
      ownUrl(body.successUrl, 'successUrl');
      ownUrl(body.failUrl, 'failUrl');
      // The saved card is charged only with the buyer's explicit consent (ADR 0210).
      if (body.consent !== true)
        throw badRequest(
          'consent: tick the one-click agreement to be charged with the saved card.',
          'consent',
          'consent_required',
        );
      const result = await idempotent(request, '/Payments/one-click', body, async () => {
        const user = await loadUser(currentUser(request).id);
        const product = await purchasable(user, body.productId);
        return chargeSavedCard(user, product, body.userCardInfoId, 'one_click', creationMeta(body));
      });
      return sendResult(reply, result);
    });

    app.post('/Payments/create-resign-intent', limited, async (request, reply) => {
      const body = parseBody(ResignBody, request.body);
      ownUrl(body.successUrl, 'successUrl');
      ownUrl(body.failUrl, 'failUrl');
      const result = await idempotent(request, '/Payments/create-resign-intent', body, async () => {
        const userId = currentUser(request).id;
        const cards = await db.query<{ id: string; payment_system: string }>(
          'SELECT id, payment_system FROM payment_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL',
          [body.userCardInfoId, userId],
        );
        if (!cards[0]) throw notFound('No saved card.', 'card_not_found');
        return createHostedPayment(request, {
          productId: body.productId,
          successUrl: body.successUrl,
          failUrl: body.failUrl,
          sourcePath: body.sourcePath ?? null,
          kind: 'resign',
          system: cards[0].payment_system,
          cardId: cards[0].id,
          meta: { customerPlatform: body.customerPlatform ?? null, userAgent: body.userAgent ?? null },
        });
      });
      return sendResult(reply, result);
    });

    // The two checkout-start endpoints (001 §7, paths ours): subscribers buying a plan, and everyone else.
    const checkout = (path: string, subscribed: boolean) =>
      app.post(path, limited, async (request, reply) => {
        const body = parseBody(CheckoutBody, request.body);
        ownUrl(body.redirectUrl, 'redirectUrl');
        const result = await idempotent(request, path, body, async () => {
          const userId = currentUser(request).id;
          const live = await liveSubscription(db, userId);
          const product = await findProduct(db, body.productId);
          if (product && (product.kind === 'tokens') !== body.isPurchaseTokens)
            throw badRequest(
              'isPurchaseTokens does not match the product.',
              'isPurchaseTokens',
              'validation_failed',
            );
          if (subscribed && (!live || body.isPurchaseTokens))
            throw conflict(
              'This checkout is for subscribers buying a plan; use Payments/checkout/start.',
              'wrong_checkout',
              'productId',
            );
          if (!subscribed && live && !body.isPurchaseTokens)
            throw conflict(
              'Subscribers change plans through Payments/checkout/start-subscribed.',
              'wrong_checkout',
              'productId',
            );
          return createHostedPayment(request, {
            productId: body.productId,
            successUrl: body.redirectUrl,
            failUrl: body.redirectUrl,
            sourcePath: body.pathname ?? null,
            kind: 'checkout',
            system: null,
            meta: { isDownsellPayment: body.isDownsellPayment, downsellType: body.downsellType ?? null },
            embeddedForm: true,
          });
        });
        return sendResult(reply, result);
      });
    checkout('/Payments/checkout/start', false);
    checkout('/Payments/checkout/start-subscribed', true);

    // ---- catalogue reads (001 §7 GETs) ----
    const region = (request: FastifyRequest) => regionOf(headerCountry(request, deps));
    const subscriptionList = async (request: FastifyRequest, list: string) =>
      (await listProducts(db, list, region(request))).map(toSubscriptionProduct);
    const tokenList = async (request: FastifyRequest, list: string) =>
      (await listProducts(db, list, region(request))).map(toTokenProduct);
    /** Plans longer than the caller's live one (all plans without one). */
    const longerThanLive = async (request: FastifyRequest, list: string) => {
      const live = await liveSubscription(db, currentUser(request).id);
      const products = await subscriptionList(request, list);
      if (!live) return products;
      const current = periodMonths({ type: live.period_type, value: live.period_value });
      return products.filter((product) => product.periodInMonths > current);
    };

    app.get('/Payments/subscription-products', auth, (request) => subscriptionList(request, 'subscription'));
    app.get('/Payments/downsell/products', auth, async (request) => {
      const query = parseQuery(DownsellQuery, request.query);
      return longerThanLive(request, query.downsellType === 'extra' ? 'upgrade_extra' : 'upgrade_base');
    });
    app.get('/Payments/admin-subscription-products-hidden', auth, async (request) => {
      await requireAdmin(db, request);
      return subscriptionList(request, 'subscription_hidden');
    });
    app.get('/Payments/user-active-subscription', auth, async (request) => {
      const live = await liveSubscription(db, currentUser(request).id);
      return live ? toWireSubscription(live) : null;
    });
    app.get('/Payments/lifetime-subscription-products', auth, (request) =>
      subscriptionList(request, 'lifetime'),
    );
    app.get('/Payments/upsell-products', auth, (request) => tokenList(request, 'upsell'));
    app.get('/Payments/insufficient-funds-products', auth, async (request) => {
      const query = parseQuery(InsufficientQuery, request.query);
      // 3.02 declined popup: monthly plans only (001 §2); otherwise the insufficient-tokens x2 offers.
      if (query.variant === 'monthly')
        return (await subscriptionList(request, 'subscription')).filter(
          (product) => product.periodType === 'month' && product.periodValue === 1,
        );
      return tokenList(request, query.variant === 'downsell' ? 'insufficient_downsell' : 'insufficient_main');
    });
    app.get('/Payments/one-time-pay-products', auth, (request) => tokenList(request, 'tokens'));
    app.get('/Payments/admin-one-time-pay-products-hidden', auth, async (request) => {
      await requireAdmin(db, request);
      return tokenList(request, 'tokens_hidden');
    });
    app.get('/Payments/downsell-on-token-upsell', auth, async (request) => {
      const query = parseQuery(TokenDownsellQuery, request.query);
      if (query.tokenProductId) {
        const product = await findProduct(db, query.tokenProductId);
        if (!product || product.kind !== 'tokens')
          throw badRequest('tokenProductId: no such token product.', 'tokenProductId', 'unknown_product');
      }
      return tokenList(request, 'token_downsell');
    });
    // The mystery box's revealed offer (path ours; 001 §2 names the box, not its call).
    // Sold once per user (ADR 0301): a buyer who has it is offered nothing, so no surface shows a box that 409s.
    app.get('/Payments/mystery-box-products', auth, async (request) => {
      const rows = await listProducts(db, 'mystery_box', region(request));
      const userId = currentUser(request).id;
      const open = [];
      for (const row of rows) if ((await offerRefusal(db, userId, row)) === null) open.push(row);
      return open.map(toTokenProduct);
    });
    app.get('/Payments/token-purchase-extra-products', auth, async (request) => {
      const query = parseQuery(ExtraQuery, request.query);
      const list =
        query.step === 'extra' ? 'welcome_extra' : query.step === 'downsell' ? 'welcome_downsell' : 'welcome';
      return tokenList(request, list);
    });

    app.get('/payments/check-order-status', auth, async (request) => {
      const query = parseQuery(OrderQuery, request.query);
      const userId = currentUser(request).id;
      const order = await ownOrder(userId, query.orderId);
      await pull(order);
      const after = await ownOrder(userId, query.orderId);
      return publicOrder(
        after,
        await findProduct(db, after.product_id),
        await compensationOf(db, userId, after.id),
      );
    });

    // ---- subscriptions ----
    async function ownSubscription(request: FastifyRequest) {
      const id = parseParam(Uuid, (request.params as { id: string }).id, 'subscriptionId');
      const rows = await db.query<{ id: string; status: string; payment_system: string }>(
        'SELECT id, status, payment_system FROM subscriptions WHERE id = $1 AND user_id = $2',
        [id, currentUser(request).id],
      );
      if (!rows[0]) throw notFound('No such subscription.', 'subscription_not_found');
      return rows[0];
    }

    const cancel = (path: string, yuno: boolean) =>
      app.post(path, auth, async (request) => {
        const body = parseBody(CancelBody, request.body);
        const answers = body.answers ?? [];
        const subscription = await ownSubscription(request);
        if (yuno !== (subscription.payment_system === 'yuno'))
          throw conflict(
            yuno ? 'Not a yuno subscription.' : 'Yuno subscriptions cancel through YunoPayments.',
            'wrong_provider',
          );
        const userId = currentUser(request).id;
        return db.transaction(async (tx) => {
          // Idempotent: a second cancel keeps the first request time.
          const rows = await tx.query<Parameters<typeof toWireSubscription>[0]>(
            `UPDATE subscriptions SET status = 'cancellation_requested',
               cancellation_requested_at = COALESCE(cancellation_requested_at, $2),
               cancellation_answers = $3, updated_at = $2
             WHERE id = $1 AND status IN ('active', 'cancellation_requested') RETURNING *`,
            [subscription.id, deps.now(), JSON.stringify(answers)],
          );
          if (!rows[0]) throw conflict('This subscription has ended.', 'subscription_ended');
          await refreshUserPaymentState(tx, userId);
          return toWireSubscription(rows[0]);
        });
      });
    cancel('/Payments/subscription/:id/cancel', false);
    cancel('/YunoPayments/subscription/:id/cancel', true);

    app.post('/Payments/subscription/:id/restore', auth, async (request) => {
      const subscription = await ownSubscription(request);
      const userId = currentUser(request).id;
      return db.transaction(async (tx) => {
        const rows = await tx.query<Parameters<typeof toWireSubscription>[0]>(
          `UPDATE subscriptions SET status = 'active', cancellation_requested_at = NULL, updated_at = $2
           WHERE id = $1 AND status IN ('active', 'cancellation_requested') AND (end_date IS NULL OR end_date > $2)
           RETURNING *`,
          [subscription.id, deps.now()],
        );
        if (!rows[0]) throw conflict('This subscription has ended; buy a new one.', 'subscription_ended');
        await refreshUserPaymentState(tx, userId);
        return toWireSubscription(rows[0]);
      });
    });

    // A plan change charges the subscription's saved card: upgrade-only (a shorter or equal plan is 409), and
    // idempotent per Idempotency-Key like every other charge, so a double click is one order.
    app.post('/Payments/subscription-products/update', limited, async (request, reply) => {
      const body = parseBody(UpdateBody, request.body);
      const result = await idempotent(request, '/Payments/subscription-products/update', body, async () => {
        const user = await loadUser(currentUser(request).id);
        const live = await liveSubscription(db, user.id);
        if (!live) throw conflict('No subscription to update.', 'no_subscription', 'productId');
        const product = await purchasable(user, body.productId);
        if (product.kind !== 'subscription')
          throw badRequest('productId: not a subscription plan.', 'productId', 'unknown_product');
        return chargeSavedCard(user, product, live.card_id ?? undefined, 'upgrade', {
          from: live.product_id,
        });
      });
      return sendResult(reply, result);
    });

    // ---- cards ----
    const cardList = async (request: FastifyRequest, systems: string[]) => {
      const rows = await db.query<{
        id: string;
        brand: string;
        last4: string;
        payment_system: string;
        created_at: Date;
      }>(
        `SELECT id, brand, last4, payment_system, created_at FROM payment_cards
         WHERE user_id = $1 AND deleted_at IS NULL AND payment_system = ANY($2) ORDER BY created_at DESC`,
        [currentUser(request).id, systems],
      );
      return rows.map((row) => ({
        id: row.id,
        brand: row.brand,
        last4: row.last4,
        paymentSystem: row.payment_system,
        createdAt: row.created_at.toISOString(),
      }));
    };
    app.get('/Payments/user-card-info', auth, (request) => cardList(request, ['solidgate']));
    app.get('/YunoPayments/user-card-info', auth, (request) => cardList(request, ['yuno']));
    app.delete('/Payments/user-card-info', auth, async (request) => {
      const query = parseQuery(CardQuery, request.query);
      const userId = currentUser(request).id;
      return db.transaction(async (tx) => {
        const rows = await tx.query(
          'UPDATE payment_cards SET deleted_at = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING id',
          [query.cardId, userId, deps.now()],
        );
        if (rows.length === 0) throw notFound('No such card.', 'card_not_found');
        await refreshUserPaymentState(tx, userId);
        return { deleted: true, cardId: query.cardId };
      });
    });
    app.post('/Payments/save-card-details', auth, async (request) => {
      const body = parseBody(SaveCardBody, request.body);
      const userId = currentUser(request).id;
      const order = await ownOrder(userId, body.orderId);
      if (order.status !== 'approved' || !order.card_token || order.payment_system === 'paypal')
        throw conflict('This order has no card to save.', 'no_card', 'orderId');
      return db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO payment_cards (id, user_id, payment_system, token, brand, last4)
           VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (user_id, token) WHERE deleted_at IS NULL DO NOTHING`,
          [
            crypto.randomUUID(),
            userId,
            order.payment_system,
            order.card_token,
            order.card_brand,
            order.card_last4,
          ],
        );
        const rows = await tx.query<{ id: string; brand: string; last4: string }>(
          'SELECT id, brand, last4 FROM payment_cards WHERE user_id = $1 AND token = $2 AND deleted_at IS NULL',
          [userId, order.card_token],
        );
        await refreshUserPaymentState(tx, userId);
        return {
          id: rows[0]!.id,
          brand: rows[0]!.brand,
          last4: rows[0]!.last4,
          paymentSystem: order.payment_system,
        };
      });
    });

    // ---- webhooks: raw bytes, verified before parsing ----
    await app.register(async (scope: FastifyInstance) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
        done(null, body),
      );
      scope.post('/payments/webhooks/:provider', async (request, reply) => {
        const provider = (request.params as { provider: string }).provider as Envelope;
        if (!ENVELOPES.includes(provider)) throw notFound('No such provider.', 'unknown_provider');
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (!(await providers[provider].verifyWebhook(raw, request.headers))) {
          request.log.warn({ provider, ip: request.ip }, 'payments: webhook signature rejected');
          return reply
            .status(401)
            .send({ error: { code: 'invalid_signature', message: 'Signature mismatch.' } });
        }
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          throw badRequest('Body is not valid JSON.', undefined, 'invalid_json');
        }
        const eventHeader = request.headers['solidgate-event-id'];
        const event = parseProviderEvent(
          provider,
          json,
          typeof eventHeader === 'string' ? eventHeader : null,
        );
        // Signed but not an order event we act on: acknowledged, so the provider stops retrying.
        if (!event) return { received: true, outcome: 'ignored' };
        return { received: true, outcome: await apply(event) };
      });
    });

    await app.register(async (scope: FastifyInstance) =>
      registerSandboxRoutes(
        scope,
        engine,
        apiKeys.solidgate,
        deps.config.authRateLimitPerMinute,
        publicOrigin,
      ),
    );

    // ---- background work ----
    async function reconcile(olderThanMs = 2 * 60_000): Promise<number> {
      await engine.expireStale();
      // Keys are kept 24 h, like Stripe's: a retry after that is a new request.
      await db.query('DELETE FROM payment_idempotency_keys WHERE created_at < $1', [
        new Date(deps.now().getTime() - 24 * 60 * 60_000),
      ]);
      const cutoff = new Date(deps.now().getTime() - olderThanMs);
      await db.query(
        `UPDATE payment_orders SET status = 'expired', error_code = '0.02', updated_at = $2
         WHERE status = 'created' AND provider_order_id IS NULL AND updated_at < $1`,
        [new Date(deps.now().getTime() - 60 * 60_000), deps.now()],
      );
      const stale = await db.query<OrderRow>(
        `SELECT * FROM payment_orders WHERE status IN ('created', 'processing', '3ds_verify')
         AND provider_order_id IS NOT NULL AND updated_at < $1 ORDER BY updated_at LIMIT 100`,
        [cutoff],
      );
      for (const order of stale) await pull(order);
      return stale.length;
    }
    const control: PaymentsControl = {
      engine,
      keys: whKeys,
      providers,
      dispatchWebhooks: () => engine.dispatch(),
      relayOutbox: relay,
      reconcile,
      runRenewals: () =>
        runRenewals({ db, ledger: deps.ledger, now: deps.now, providers, pull: (order) => pull(order) }),
      runRefunds: refunds,
      recoverKeys: (before) => recoverKeys(before ?? new Date(deps.now().getTime() - IN_FLIGHT_MAX_MS)),
    };
    options.onReady?.(control);

    if (background) {
      const loops: NodeJS.Timeout[] = [];
      const every = (ms: number, name: string, work: () => Promise<unknown>) => {
        let running = false;
        const timer = setInterval(() => {
          if (running) return;
          running = true;
          work()
            .catch((error: unknown) => app.log.error({ err: error }, `payments ${name}`))
            .finally(() => (running = false));
        }, ms);
        timer.unref();
        loops.push(timer);
      };
      every(1000, 'webhooks', async () => {
        await engine.settleDue();
        return engine.dispatch();
      });
      every(1000, 'outbox', relay);
      every(60_000, 'reconcile', () => reconcile());
      every(60_000, 'renewals', control.runRenewals);
      // Keys a stopped process left in flight: at start every older key when this is the only instance (with
      // REDIS_URL others may be mid-request), then every minute those older than any request takes.
      const scaledOut = Boolean((options.env ?? process.env)['REDIS_URL']);
      void control
        .recoverKeys(scaledOut ? undefined : deps.now())
        .catch((error: unknown) => app.log.error({ err: error }, 'payments key recovery'));
      every(60_000, 'key recovery', () => control.recoverKeys());
      // Refunds a stopped process queued but never sent go out at start, then every minute.
      void refunds().catch((error: unknown) => app.log.error({ err: error }, 'payments refunds'));
      every(60_000, 'refunds', refunds);
      app.addHook('onClose', async () => {
        for (const timer of loops) clearInterval(timer);
      });
    }
  };
}
