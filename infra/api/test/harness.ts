import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { CORE_FEATURES, buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';

/** PostgreSQL used by the second run of each suite (override with TEST_DATABASE_URL). */
export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Which storage a suite runs on. */
export type Backend = 'pglite' | 'postgres';

/** True when something answers on the test PostgreSQL's host and port (checked once per file). */
export async function postgresAvailable(url: string = TEST_PG_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Both backends with availability, for `describe.each(BACKENDS)` plus `describe.skipIf(!available)`. */
export const BACKENDS: ReadonlyArray<{ backend: Backend; available: boolean }> = [
  { backend: 'pglite', available: true },
  { backend: 'postgres', available: await postgresAvailable() },
];

/** A migrated test database: in-memory PGlite, or a fresh PostgreSQL schema dropped on cleanup. */
export async function openTestDatabase(
  backend: Backend,
  dataDir?: string,
): Promise<{ db: Database; cleanup: () => Promise<void> }> {
  if (backend === 'pglite') {
    const db = await createDatabase({ dataDir: dataDir ?? null });
    await migrate(db);
    return { db, cleanup: () => db.close() };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const db = await createDatabase({ databaseUrl: TEST_PG_URL, schema, poolSize: 20 });
  await migrate(db);
  return {
    db,
    cleanup: async () => {
      await db.query(`DROP SCHEMA ${schema} CASCADE`);
      await db.close();
    },
  };
}

/** A test configuration: fixed JWT secret, no rate limit surprises, silent logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return loadConfig(
    {
      NODE_ENV: 'test',
      JWT_SECRET: 'test-secret-test-secret-test-secret',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
    overrides,
  );
}

/** A running (injectable) app over a fresh test database. */
export interface TestApp {
  app: FastifyInstance;
  db: Database;
  config: Config;
  close(): Promise<void>;
}

/**
 * Builds the app over a fresh database with the core features (no catalogue seeding, fast);
 * pass `features` to mount yours, or `FEATURES` for everything. One per test file.
 */
export async function createTestApp(
  backend: Backend,
  options: Partial<Omit<AppDeps, 'db' | 'config'>> & { config?: Partial<Config> } = {},
): Promise<TestApp> {
  const { db, cleanup } = await openTestDatabase(backend);
  const config = testConfig(options.config);
  const { config: _ignored, ...rest } = options;
  const app = await buildApp({ features: CORE_FEATURES, ...rest, config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await cleanup();
    },
  };
}

/** A generated visitor's session as pre-register returns it. */
export interface TestSession {
  accessToken: string;
  refreshToken: string;
  userId: string;
}

/** Pre-registers an anonymous visitor through the real endpoint. */
export async function preRegister(
  app: FastifyInstance,
  fingerprint = `fp-${crypto.randomUUID()}`,
): Promise<TestSession> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/Authenticate/pre-register',
    payload: { fingerprint, isNConfirmed: false, isSConfirmed: false, utmSource: null, pathname: '/' },
  });
  if (res.statusCode !== 200) throw new Error(`pre-register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ accessToken: string; refreshToken: string; generatedUserId: string }>();
  return { accessToken: body.accessToken, refreshToken: body.refreshToken, userId: body.generatedUserId };
}

/** `{ authorization: 'Bearer …' }` for inject. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A clock tests can move: pass `clock.now` as `now` and call `clock.advance(ms)`. */
export function testClock(start = new Date()): { now: () => Date; advance: (ms: number) => void } {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}
