import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CORE_FEATURES, buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import { createDatabase } from '../src/db/database.ts';
import type { Database } from '../src/db/database.ts';
import { migrate } from '../src/db/migrate.ts';
import { postgresAvailable, TEST_PG_URL } from '../src/testing/services.ts';
import { createMailer } from '../src/engines/email/mailer.ts';
import type { EmailMessage, Mailer } from '../src/engines/email/mailer.ts';

export { postgresAvailable, TEST_PG_URL } from '../src/testing/services.ts';

/** Which storage a suite runs on. */
export type Backend = 'pglite' | 'postgres';

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
  /** Every e-mail the app sent, oldest first (unless the test passed a mailer of its own). */
  mails: EmailMessage[];
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
  const mails: EmailMessage[] = [];
  // The development mailer (its outbox and viewer) with every message also kept for the test to read.
  const outbox = createMailer(db, config);
  const mailer: Mailer = options.mailer ?? {
    kind: outbox.kind,
    async send(message) {
      await outbox.send(message);
      mails.push(message);
    },
  };
  const app = await buildApp({ features: CORE_FEATURES, ...rest, mailer, config, db });
  await app.ready();
  return {
    app,
    db,
    config,
    mails,
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

/** The newest magic-link code mailed to `email` (or `null`). */
export function magicCodeFor(t: Pick<TestApp, 'mails'>, email: string): string | null {
  const mail = t.mails.findLast((m) => m.to === email.toLowerCase());
  return /MagicCode=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? null;
}

/** A registered account's session as the magic-link sign-in answers it. */
export interface RegisteredSession extends TestSession {
  isNewUser: boolean;
}

/**
 * Registers the way a person does: `Authenticate/register` mails a link (an address becomes an account's identity
 * only when its owner follows it), and the link is followed; `as` is the anonymous visitor registering, if any.
 */
export async function registerAccount(
  t: Pick<TestApp, 'app' | 'mails'>,
  email: string,
  password = 'password1',
  as?: TestSession,
): Promise<RegisteredSession> {
  const headers = as ? bearer(as.accessToken) : {};
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/Authenticate/register',
    headers,
    payload: { email, password, ...(as ? { userId: as.userId } : {}) },
  });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const code = magicCodeFor(t, email);
  if (!code) throw new Error(`no link was mailed to ${email}`);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Authenticate/magic-link-login',
    headers,
    payload: { MagicLinkCode: code, ...(as ? { UserId: as.userId } : {}) },
  });
  if (res.statusCode !== 200) throw new Error(`magic-link-login failed: ${res.statusCode} ${res.body}`);
  const body = res.json<{ accessToken: string; refreshToken: string; userId: string; isNewUser: boolean }>();
  return body;
}

/** `{ authorization: 'Bearer …' }` for inject. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** Calls `url` as the session's user (its bearer token), with `payload` as the JSON body when given. */
export function requestAs(
  app: FastifyInstance,
  session: Pick<TestSession, 'accessToken'>,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: bearer(session.accessToken),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A clock tests can move: pass `clock.now` as `now` and call `clock.advance(ms)`. */
export function testClock(start = new Date()): { now: () => Date; advance: (ms: number) => void } {
  let current = start.getTime();
  return { now: () => new Date(current), advance: (ms) => (current += ms) };
}
