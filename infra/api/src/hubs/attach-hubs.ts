// Mounts the hub server on the API's Fastify instance: /hubs/* HTTP routes and WebSocket upgrades.

import { createHubServer } from '@companion/hubs';
import type { HubServer } from '@companion/hubs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createCompanionEngine } from '../engines/companion/index.ts';
import type { CompanionEngine } from '../engines/companion/index.ts';
import { withTestFixtures } from '../engines/companion/fixture-engine.ts';
import { createAuthenticator, loadJwtKey } from '../http/auth.ts';
import { credit, getBalance, spend } from '../features/tokens/ledger.ts';
import { createChatMemory } from '../features/chats/memory/memory-service.ts';
import { createChatHub } from './chat-hub.ts';
import type { ReplyRegistry } from './chat-replies.ts';
import type { ErrorBody } from '../http/errors.ts';
import { createDbChatStore, runningReplyIds } from './db-chat-store.ts';
import {
  createHubNotifier,
  HUB_NAMES,
  paymentNotificationHub,
  registrationNotificationHub,
} from './notification-hubs.ts';
import type { HubNotifier } from './notification-hubs.ts';
import type { ChatReplyStore } from './ports.ts';
import { createRedisReplyRelay } from './reply-relay.ts';
import type { RelayOptions } from './reply-relay.ts';

/** Inputs of {@link attachHubs}; everything but config and db has a default. */
export interface AttachHubsDeps {
  config: Config;
  db: Database;
  jwtKey?: Uint8Array;
  engine?: CompanionEngine;
  store?: ChatReplyStore;
  /** Environment for REDIS_URL, HUBS_ALLOWED_ORIGINS, COMPANION_*; defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Passed to the hub server (tests shorten intervals). */
  pingIntervalMs?: number;
  clientTimeoutMs?: number;
  /** Heartbeat and lease of the reply relay (tests shorten them); used with REDIS_URL only. */
  relay?: RelayOptions;
}

/** What the API process holds after attaching: the server, the notifier for payments/registration, the replies. */
export interface ApiHubs {
  server: HubServer;
  notify: HubNotifier;
  replies: ReplyRegistry;
}

/** Serves `paymentNotificationHub`, `registrationNotificationHub` and `chatHub` under `/hubs` on this app. */
export function attachHubs(app: FastifyInstance, deps: AttachHubsDeps): ApiHubs {
  const env = deps.env ?? process.env;
  const jwtKey = deps.jwtKey ?? loadJwtKey(deps.config);
  const authenticate = createAuthenticator({ db: deps.db, jwtKey });
  const store = deps.store ?? createDbChatStore({ db: deps.db, ledger: { spend, credit, getBalance } });
  // With Redis, a reply started here can be resumed through any instance, and one whose instance died is refunded.
  const relay = env.REDIS_URL
    ? createRedisReplyRelay(env.REDIS_URL, {
        ...deps.relay,
        onError: (error, where) => app.log.error(error, `reply relay: ${where}`),
      })
    : undefined;
  // The chat suites' fixture tags (fail, slow) exist only with COMPANION_TEST_FIXTURES=1.
  const engine =
    deps.engine ??
    (deps.config.testFixtures ? withTestFixtures(createCompanionEngine(env)) : createCompanionEngine(env));
  const memory = createChatMemory({
    db: deps.db,
    engine,
    onError: (e) => app.log.error(e, 'chat memory'),
  });
  const chat = createChatHub({
    store,
    ...(relay ? { relay } : {}),
    engine,
    memory,
    onError: (e) => app.log.error(e, 'chatHub'),
  });
  // Replies whose instance died and that no client asks for: refunded once the owner's lease is gone. Only
  // replies older than a sweep are looked at; the row lock and refund key keep it once across instances.
  const sweepMs = deps.relay?.orphanSweepMs ?? 30_000;
  const orphanSweep = relay
    ? setInterval(() => {
        runningReplyIds(deps.db, new Date(Date.now() - sweepMs))
          .then((ids) => chat.sweepOrphans(ids))
          .catch((error: unknown) => app.log.error(error, 'chatHub: orphan reply sweep'));
      }, sweepMs)
    : null;
  orphanSweep?.unref();
  const allowedOrigins = [
    new URL(deps.config.publicUrl).origin,
    ...(env.HUBS_ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()),
  ].filter(Boolean);

  const server = createHubServer({
    authenticate,
    allowedOrigins,
    hubs: {
      [HUB_NAMES.payment]: paymentNotificationHub,
      [HUB_NAMES.registration]: registrationNotificationHub,
      [HUB_NAMES.chat]: chat.hub,
    },
    ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
    // Every chat send reads and writes the one database other users wait on: the instance's shared budget
    // (ADR 0310) can be raised where the database is PostgreSQL with room to spare.
    ...(env.HUB_INVOCATION_BURST ? { globalInvocationBurst: Number(env.HUB_INVOCATION_BURST) } : {}),
    ...(env.HUB_INVOCATIONS_PER_SECOND
      ? { globalInvocationsPerSecond: Number(env.HUB_INVOCATIONS_PER_SECOND) }
      : {}),
    ...(deps.pingIntervalMs !== undefined ? { pingIntervalMs: deps.pingIntervalMs } : {}),
    ...(deps.clientTimeoutMs !== undefined ? { clientTimeoutMs: deps.clientTimeoutMs } : {}),
    onError: (error, where) => app.log.error(error, `hubs: ${where}`),
  });

  // An encapsulated scope whose catch-all parser leaves the body unread: the hub server reads POSTs itself.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    scope.all('/hubs/*', (request, reply) => {
      reply.hijack();
      if (!server.handleHttp(request.raw, reply.raw)) {
        reply.raw.writeHead(404, { 'Content-Type': 'application/json' });
        reply.raw.end(
          JSON.stringify({
            error: { code: 'not_found', message: 'No hub at this path.' },
          } satisfies ErrorBody),
        );
      }
    });
  });
  // A deleted account keeps no live connection: close them all, so nothing more can be spent through them; the
  // client's reconnect then negotiates into the 410 it already handles.
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'DELETE' || request.routeOptions.url !== '/api/User') return;
    if (reply.statusCode >= 300 || !request.user) return;
    await server.closeUser(request.user.id, 'account_deleted');
  });
  app.server.on('upgrade', (req, socket, head) => {
    if (!server.handleUpgrade(req, socket, head)) socket.destroy();
  });
  // Drain first so clients reconnect to another instance, then stop generation and Redis.
  app.addHook('preClose', async () => {
    await server.drain();
  });
  app.addHook('onClose', async () => {
    if (orphanSweep) clearInterval(orphanSweep);
    await chat.replies.abortAll();
    await memory.settled();
    await relay?.close();
    await server.close();
  });
  return { server, notify: createHubNotifier(server), replies: chat.replies };
}
