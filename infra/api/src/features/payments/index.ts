// Payments (001 §7): catalogue reads, order creation with Idempotency-Key, the sandbox provider, signed
// webhooks with exactly-once fulfilment, the outbox to the hubs, subscriptions and cards. ADRs 0100–0103.
// This file wires them: the providers, the one `apply`, the routes in `routes/`, and the background loops.

import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter } from 'prom-client';
import type { FeaturePlugin } from '../../http/feature.ts';
import { applyProviderEvent } from './fulfilment.ts';
import type { ApplyOutcome, OrderRow } from './fulfilment.ts';
import { createIdempotency } from './idempotency.ts';
import { IN_FLIGHT_MAX_MS, recoverInFlightKeys } from './idempotency-recovery.ts';
import { liveProvidersFromEnv, nodeFetch } from './live-env.ts';
import type { Fetch } from './live-providers.ts';
import { createOrders } from './orders.ts';
import { relayOutbox } from './outbox.ts';
import type { PaymentNotifier } from './outbox.ts';
import { sandboxProvider } from './provider.ts';
import type { PaymentProvider } from './provider.ts';
import { runRefunds } from './refunds.ts';
import { registerCardRoutes } from './routes/card-routes.ts';
import { paymentRoutes } from './routes/guards.ts';
import { registerCatalogueRoutes } from './routes/catalogue-routes.ts';
import { registerOrderRoutes } from './routes/order-routes.ts';
import { registerSubscriptionRoutes } from './routes/subscription-routes.ts';
import { ENVELOPES, registerWebhookRoutes } from './routes/webhook-routes.ts';
import { createSandboxEngine } from './sandbox/engine.ts';
import type { SandboxEngine, WebhookDeliver } from './sandbox/engine.ts';
import { registerSandboxRoutes } from './sandbox/routes.ts';
import type { Envelope, WebhookKeys } from './signatures.ts';
import { runRenewals } from './subscriptions.ts';

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
    const { idempotent, requestKey } = createIdempotency(db, deps.now);
    const orders = createOrders({
      app,
      deps,
      providers,
      apply,
      currentKey: () => requestKey.getStore() ?? null,
      publicOrigin,
    });
    const recoverKeys = (before: Date) => recoverInFlightKeys(db, before, orders.interruptedAnswer, deps.now);

    const routes = paymentRoutes(app, deps, orders, idempotent);
    registerOrderRoutes(routes);
    registerCatalogueRoutes(routes);
    registerSubscriptionRoutes(routes);
    registerCardRoutes(routes);
    await app.register(async (scope: FastifyInstance) => registerWebhookRoutes(scope, providers, apply));

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
      for (const order of stale) await orders.pull(order);
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
        runRenewals({
          db,
          ledger: deps.ledger,
          now: deps.now,
          providers,
          pull: (order) => orders.pull(order),
        }),
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
