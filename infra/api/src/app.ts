import fastifyCompress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createMailer } from './engines/email/mailer.ts';
import type { Mailer } from './engines/email/mailer.ts';
import { createAuthenticator, installAuth, loadJwtKey } from './http/auth.ts';
import { installClientBudget } from './http/client-budget.ts';
import { COMPRESS_THRESHOLD } from './http/compression.ts';
import { frameworkErrors, HttpError, installErrorHandling } from './http/errors.ts';
import { installRouteTable } from './http/route-table.ts';
import { assertStorableText, jsonDepthError } from './http/validate.ts';
import type { AccountMergeStep, FeatureDeps, FeaturePlugin } from './http/feature.ts';
import { authFeature } from './features/auth/index.ts';
import { mergeCatalogue } from './features/characters/account-merge.ts';
import { charactersFeature } from './features/characters/index.ts';
import { chatsFeature } from './features/chats/index.ts';
import { clientErrorsFeature } from './features/client-errors/index.ts';
import { galleryFeature } from './features/gallery/index.ts';
import { imagesFeature } from './features/images/index.ts';
import { eventsFeature } from './features/events/index.ts';
import { mergeTracking } from './features/events/tracking.ts';
import { funnelReportFeature } from './features/funnel-report/index.ts';
import { metricsFeature } from './features/metrics/index.ts';
import { createMetrics } from './features/metrics/registry.ts';
import type { Metrics } from './features/metrics/registry.ts';
import { supportFeature } from './features/support/index.ts';
import { testingFeature } from './features/testing/index.ts';
import { tokensFeature } from './features/tokens/index.ts';
import { credit, getBalance, spend } from './features/tokens/ledger.ts';
import { usersFeature } from './features/users/index.ts';
import { mergePayments } from './features/payments/account-merge.ts';
import { paymentsFeature } from './features/payments/index.ts';
import { opsFeature } from './features/ops/index.ts';
import { createNotifierPort } from './hubs/notification-hubs.ts';
import { createCpuPool } from './workers/cpu-pool.ts';
import type { CpuPool } from './workers/cpu-pool.ts';
import type { NotifierPort } from './hubs/notification-hubs.ts';

/** Inputs of {@link buildApp}; everything but config and db has a default. */
export interface AppDeps {
  config: Config;
  db: Database;
  jwtKey?: Uint8Array;
  mailer?: Mailer;
  metrics?: Metrics;
  now?: () => Date;
  /** Replaces the default feature list (tests mount one feature alone). */
  features?: readonly FeaturePlugin[];
  /** Replaces the default anonymous→account merge steps. */
  mergeSteps?: readonly AccountMergeStep[];
  /**
   * Shared store for the auth rate limits (`REDIS_URL`): without it each instance counts alone, so N instances
   * allow N× the limit. `nameSpace` separates deployments (and tests) sharing one Redis.
   */
  rateLimitStore?: { redis: Redis; nameSpace?: string };
  /** Where log lines go (default stdout); tests read them. */
  logStream?: { write(line: string): void };
  /** Hub notifications for payments; `main.ts` binds it to the hubs after they attach. */
  notifier?: NotifierPort;
  /** Replaces the CPU pool the app makes from config (and closes with itself). */
  cpu?: CpuPool;
}

const healthFeature: FeaturePlugin = async (app) => {
  app.get('/health', async () => ({ status: 'ok' }));
};

/** The core: sessions, users, tokens, tracking, support, metrics (no catalogue seeding). */
export const CORE_FEATURES: readonly FeaturePlugin[] = [
  healthFeature,
  authFeature,
  usersFeature,
  tokensFeature,
  eventsFeature,
  supportFeature,
  clientErrorsFeature,
  metricsFeature,
  testingFeature,
];

/**
 * Every feature of the API, registered under `/api` in this order. To add one: export a
 * `FeaturePlugin` from `features/<name>/index.ts` and append it here (one line).
 */
export const FEATURES: readonly FeaturePlugin[] = [
  ...CORE_FEATURES,
  charactersFeature(),
  chatsFeature(),
  galleryFeature(),
  imagesFeature(),
  paymentsFeature(),
  funnelReportFeature,
  opsFeature(),
];

/** Merge steps for data owned by features, run inside the sign-in transaction (ADR 0011). */
export const MERGE_STEPS: readonly AccountMergeStep[] = [mergeCatalogue, mergePayments, mergeTracking];

/**
 * Logging never carries a secret: errors are serialized without SQL parameters (the database layer also blanks
 * values the server echoed into messages), and credentials anywhere in a logged object are censored.
 */
const LOG_SAFETY = {
  serializers: {
    err: (error: Error) => {
      const fields = error as unknown as Record<string, unknown>;
      return {
        type: error.name,
        message: error.message,
        stack: error.stack ?? '',
        ...(typeof fields['code'] === 'string' ? { code: fields['code'] } : {}),
        // The statement text names what failed and holds no values; parameters are never logged.
        ...(typeof fields['query'] === 'string' ? { query: fields['query'] } : {}),
      };
    },
  },
  redact: {
    paths: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.passwordHash',
      '*.password_hash',
      '*.accessToken',
      '*.refreshToken',
      '*.token',
      '*.token_hash',
      '*.params',
    ],
    censor: '[redacted]',
  },
};

/** Builds the Fastify app with every route under `/api`; the caller listens (or injects) and closes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...LOG_SAFETY,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    frameworkErrors,
    // Above the origin's 16 KiB: whatever headers the origin accepted (plus its X-Forwarded-*) pass here, so the
    // client sees the origin's own 431 instead of a proxied failure.
    http: { maxHeaderSize: 64 * 1024 },
  });
  const featureDeps: FeatureDeps = {
    config,
    db,
    jwtKey: deps.jwtKey ?? loadJwtKey(config),
    mailer: deps.mailer ?? createMailer(db, config),
    ledger: { spend, credit, getBalance },
    metrics: deps.metrics ?? createMetrics(),
    now: deps.now ?? (() => new Date()),
    mergeSteps: deps.mergeSteps ?? MERGE_STEPS,
    notifier: deps.notifier ?? createNotifierPort(),
    cpu:
      deps.cpu ??
      createCpuPool({
        threads: config.cpuThreads,
        maxQueue: config.cpuQueueLimit,
        perClient: config.cpuTasksPerClient,
      }),
  };
  // After the server stopped taking requests: the tasks of requests still being answered finish first.
  if (!deps.cpu) app.addHook('onClose', async () => featureDeps.cpu.close());

  installErrorHandling(app);
  installRouteTable(app);
  const { httpRequests, httpDuration } = featureDeps.metrics;
  // API answers are per user and per moment: no browser or proxy may reuse one (a cached 410 once outlived
  // the account it described). Routes with their own policy (immutable images) keep it.
  // Shutting down (SIGTERM): a response finished after close() started ends its keep-alive connection, or close()
  // would wait for that idle socket's keep-alive timeout (72 s) and the pod would outlive its grace period.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (closing) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern (not the raw URL) keeps label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    httpRequests.inc({ method: request.method, route, status: String(reply.statusCode) });
    httpDuration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
  installAuth(app, createAuthenticator({ db, jwtKey: featureDeps.jwtKey, now: featureDeps.now }));

  // POSTs with a JSON content type but no body (claim-bonus, confirmations) are legal here.
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // Refused before any parse or walk: a body nested thousands deep overflowed the text check's recursion.
    const tooDeep = jsonDepthError(text);
    if (text.trim() === '') done(null, undefined);
    else if (tooDeep) done(tooDeep);
    else
      defaultJson(request, text, (error, parsed) => {
        if (error) return done(error);
        try {
          assertStorableText(parsed);
          done(null, parsed);
        } catch (unsafe) {
          done(unsafe as HttpError);
        }
      });
  });
  // Query strings and path parameters reach SQL as well: the same refusal, once, for every route.
  app.addHook('preValidation', async (request) => {
    assertStorableText(request.query, 'query');
    assertStorableText(request.params, 'params');
  });

  // JSON lists and SVG portraits shrink 3–6× (PersonModel/top: 40 KB → 13 KB); gzip only, because brotli at its
  // default quality costs more CPU per dynamic response than it saves. Hubs hijack their replies, untouched.
  await app.register(fastifyCompress, { global: true, threshold: COMPRESS_THRESHOLD, encodings: ['gzip'] });
  // Off by default; routes opt in with `config: { rateLimit: … }` (auth endpoints).
  await app.register(rateLimit, {
    global: false,
    ...(deps.rateLimitStore
      ? {
          redis: deps.rateLimitStore.redis,
          nameSpace: deps.rateLimitStore.nameSpace ?? 'companion-rate-limit:',
          // A Redis outage must not lock every visitor out of signing in: count nothing until it is back.
          skipOnError: true,
        }
      : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests: retry in ${Math.ceil(context.ttl / 1000)} s.`),
  });
  installClientBudget(app, {
    perMinute: config.apiRateLimitPerMinute,
    jwtKey: featureDeps.jwtKey,
    now: featureDeps.now,
  });

  await app.register(
    async (api) => {
      for (const feature of deps.features ?? FEATURES) await api.register(feature, featureDeps);
    },
    { prefix: '/api' },
  );
  return app;
}
