import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { scheduleSweeps } from './db/housekeeping.ts';
import { migrate } from './db/migrate.ts';
import { attachHubs } from './hubs/attach-hubs.ts';
import { openRateLimitRedis } from './http/rate-limit-redis.ts';
import { recoverInterruptedReplies, warmSendPath } from './hubs/db-chat-store.ts';
import { createNotifierPort } from './hubs/notification-hubs.ts';
import { recoverInterruptedBatches } from './features/images/batch-recovery.ts';
import { credit, getBalance, spend } from './features/tokens/ledger.ts';

/** Longer than any reply or photo batch takes: a 'running' reply or 'pending' batch this old has no live process. */
const REPLY_MAX_MS = 10 * 60 * 1000;

/** Starts the API: open the database, migrate, listen, close cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await createDatabase({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    dataDir: config.dataDir,
  });
  await migrate(db);
  // Replies a dead process left paid and unanswered: refunded and marked failed before anyone connects. With
  // several instances (REDIS_URL) only replies older than any live generation can take are theirs to recover.
  const ledger = { spend, credit, getBalance };
  const cutoff = () => new Date(Date.now() - (process.env['REDIS_URL'] ? REPLY_MAX_MS : 0));
  const recovered = await recoverInterruptedReplies(db, ledger, cutoff());
  if (recovered > 0) console.log(`Refunded ${recovered} chat replies interrupted by the last stop`);
  // Photo batches the same way (ADR 0229): what a dead process never stored is refunded once.
  const batches = await recoverInterruptedBatches(db, ledger, cutoff());
  if (batches > 0) console.log(`Refunded ${batches} photo batches interrupted by the last stop`);
  // A chat send's statements once, rolled back: the first send after this start does not pay for cold caches
  // (ADR 0270). Only a speed-up: a failure is logged, and the API starts anyway.
  await warmSendPath(db, ledger).catch((error: unknown) =>
    console.error('[api] chat send warm-up failed', error),
  );
  // With REDIS_URL the auth rate limits are counted across instances (the hubs use it for scale-out too).
  const redisUrl = process.env['REDIS_URL'];
  const rateLimitRedis = redisUrl
    ? openRateLimitRedis(redisUrl, (error) => console.error('[api] rate-limit Redis error', error))
    : null;
  const notifier = createNotifierPort();
  const app = await buildApp({
    config,
    db,
    notifier,
    ...(rateLimitRedis ? { rateLimitStore: { redis: rateLimitRedis } } : {}),
  });
  // chatHub, paymentNotificationHub, registrationNotificationHub under /hubs on the same port.
  const hubs = attachHubs(app, { config, db });
  // Payments' outbox relays PaymentNotification / RegistrationNotification through these hubs.
  notifier.bind(hubs.notify);
  const stopSweeps = scheduleSweeps(db, 60 * 60 * 1000, (error) =>
    app.log.error({ err: error }, 'housekeeping sweep failed'),
  );
  // Replies orphaned by another instance that died (scale-out) are caught by this slower sweep.
  const orphanSweep = setInterval(() => {
    recoverInterruptedReplies(db, ledger, new Date(Date.now() - REPLY_MAX_MS)).catch((error: unknown) =>
      app.log.error({ err: error }, 'reply recovery failed'),
    );
    // A photo batch takes at most MAX_BATCH engine calls of IMAGE_ENGINE_TIMEOUT_MS (8 × 60 s), under this age.
    recoverInterruptedBatches(db, ledger, new Date(Date.now() - REPLY_MAX_MS)).catch((error: unknown) =>
      app.log.error({ err: error }, 'photo batch recovery failed'),
    );
  }, REPLY_MAX_MS);
  orphanSweep.unref();
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite at ${config.dataDir}/pglite`;
  // The bound port, not the configured one: API_PORT=0 picks a free port (tests).
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  console.log(`API listening on http://${config.host}:${port}/api (${where})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`API received ${signal}, closing`);
    stopSweeps();
    clearInterval(orphanSweep);
    await app.close();
    rateLimitRedis?.disconnect();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
