import crypto from 'node:crypto';
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
