import crypto from 'node:crypto';
import { beforeAll } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import type { Database } from '../db/database.ts';
import { signAccessToken } from '../http/auth.ts';
import { credit } from '../features/tokens/ledger.ts';

/** A user made directly in the database for catalogue tests, with a bearer header. */
export interface FixtureUser {
  id: string;
  headers: { authorization: string };
}

/** Inserts a user (anonymous by default), optionally credits tokens, and signs an access token with the test secret. */
export async function createFixtureUser(
  db: Database,
  jwtSecret: string,
  options: { tokens?: number; isAnonymous?: boolean; nsfwConfirmed?: boolean } = {},
): Promise<FixtureUser> {
  const id = crypto.randomUUID();
  const isAnonymous = options.isAnonymous ?? true;
  await db.query(
    'INSERT INTO users (id, is_anonymous, email, is_n_confirmed, n_enabled) VALUES ($1, $2, $3, $4, $4)',
    [id, isAnonymous, isAnonymous ? null : `${id}@example.test`, options.nsfwConfirmed ?? false],
  );
  if (options.tokens) {
    const amount = options.tokens;
    await db.transaction((tx) => credit(tx, { userId: id, amount, reason: 'test' }));
  }
  const token = await signAccessToken(new TextEncoder().encode(jwtSecret), 900, { id, isAnonymous });
  return { id, headers: { authorization: `Bearer ${token}` } };
}

/** Current balance of a user, straight from the ledger table. */
export async function balanceOf(db: Database, userId: string): Promise<number> {
  const rows = await db.query<{ balance: number }>('SELECT balance FROM token_balances WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.balance ?? 0;
}

/** A fixture user of the enclosing suite's app, made before its tests (after the app is built). */
export function useFixtureUser(
  t: Pick<TestApp, 'db' | 'config'>,
  options: Parameters<typeof createFixtureUser>[2] = {},
): FixtureUser {
  const user = {} as FixtureUser;
  beforeAll(async () => {
    Object.assign(user, await createFixtureUser(t.db, t.config.jwtSecret!, options));
  });
  return user;
}

/** `GET` and `POST` on the app as a fixture user, or without a session. */
export function requestsAs(t: Pick<TestApp, 'app'>) {
  const session = (user: FixtureUser | null | undefined) => (user ? { headers: user.headers } : {});
  return {
    get: (url: string, user?: FixtureUser | null) => t.app.inject({ method: 'GET', url, ...session(user) }),
    post: (url: string, user: FixtureUser | null, payload: unknown) =>
      t.app.inject({ method: 'POST', url, payload: payload as object, ...session(user) }),
  };
}
