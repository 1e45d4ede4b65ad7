import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';

/** Thrown when a spend would drive the balance below zero; answers 402 `insufficient_tokens` (ADR 0012). */
export class InsufficientTokensError extends HttpError {
  constructor(
    readonly required: number,
    readonly available: number,
  ) {
    super(402, 'insufficient_tokens', `Not enough tokens: this costs ${required}, you have ${available}.`);
    this.name = 'InsufficientTokensError';
    this.tokensRequired = required;
  }
}

/** One ledger movement request. `refId` names what was bought (person id, image id, order id). */
export interface LedgerEntryInput {
  userId: string;
  /** Positive whole number of tokens. */
  amount: number;
  /** Short machine reason, e.g. `unlock_person`, `daily_bonus`, `purchase`, `merge`. */
  reason: string;
  refId?: string | null;
  /** When set, a second call with the same key changes nothing and returns the first result. */
  idempotencyKey?: string | null;
}

/** Result of a spend or credit. */
export interface LedgerResult {
  balance: number;
  spent: number;
  /** True when `idempotencyKey` had already been applied and nothing changed now. */
  replayed: boolean;
}

function checkAmount(amount: number): void {
  // A programming error, not bad user input: amounts come from the server's catalogue.
  if (!Number.isInteger(amount) || amount <= 0)
    throw new Error(`ledger amount must be a positive integer, got ${amount}`);
}

async function lockAccount(tx: Queryable, userId: string): Promise<{ balance: number; spent: number }> {
  await tx.query('INSERT INTO token_balances (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING', [
    userId,
  ]);
  // The row lock serialises every movement of one user's balance, on PGlite and PostgreSQL alike.
  const rows = await tx.query<{ balance: number; spent: number }>(
    'SELECT balance, spent FROM token_balances WHERE user_id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0]!;
}

async function replay(
  tx: Queryable,
  key: string | null | undefined,
  account: { balance: number; spent: number },
) {
  if (!key) return null;
  const rows = await tx.query('SELECT 1 FROM token_ledger WHERE idempotency_key = $1', [key]);
  return rows.length > 0 ? { ...account, replayed: true } : null;
}

/** SQL expressions for the inputs of {@link spendCtes} (placeholders with their casts, or literals). */
export interface SpendSql {
  user: string;
  amount: string;
  key: string;
  reason: string;
  ref: string;
}

/**
 * The one spend rule, as SQL every spender composes (ADR 0012): CTEs `prior` (the idempotency key was applied
 * already), `charged` (the balance taken down by `amount`, never below zero, unless the key was applied: the balance
 * row's update is the lock, so a concurrent spend of the same user waits and re-checks the committed balance),
 * `entry` (its ledger row, with the balance after) and `paid` (the balance after, for a charge or a replay).
 * {@link spend} runs it after its account lock; the chat's one-statement send composes it with its message and reply
 * rows (ADR 0270). A user with no balance row has nothing to spend.
 */
export function spendCtes(sql: SpendSql): string {
  const { user, amount, key, reason, ref } = sql;
  return `prior AS (
  SELECT 1 FROM token_ledger WHERE idempotency_key = ${key}
), charged AS (
  UPDATE token_balances SET balance = balance - ${amount}, spent = spent + ${amount}, updated_at = now()
  WHERE user_id = ${user} AND balance >= ${amount} AND NOT EXISTS (SELECT 1 FROM prior)
  RETURNING balance, spent
), entry AS (
  INSERT INTO token_ledger (user_id, delta, reason, ref_id, idempotency_key, balance_after)
  SELECT ${user}, -${amount}, ${reason}, ${ref}, ${key}, balance FROM charged
), paid AS (
  SELECT balance FROM charged
  UNION ALL
  SELECT balance FROM token_balances WHERE user_id = ${user} AND EXISTS (SELECT 1 FROM prior)
)`;
}

const SPEND_SQL = `WITH ${spendCtes({ user: '$1::uuid', amount: '$2::int', key: '$3::text', reason: '$4::text', ref: '$5::text' })}
SELECT (SELECT balance FROM charged) AS balance, (SELECT spent FROM charged) AS spent,
  EXISTS (SELECT 1 FROM prior) AS replayed`;

/**
 * Takes `amount` tokens inside the caller's transaction, never below zero; throws
 * {@link InsufficientTokensError} (and the caller's transaction rolls back) when short.
 */
export async function spend(tx: Queryable, input: LedgerEntryInput): Promise<LedgerResult> {
  checkAmount(input.amount);
  // The account lock first: a caller's later steps in the same transaction see this balance until it commits.
  const account = await lockAccount(tx, input.userId);
  const rows = await tx.query<{ balance: number | null; spent: number | null; replayed: boolean }>(
    SPEND_SQL,
    [input.userId, input.amount, input.idempotencyKey ?? null, input.reason, input.refId ?? null],
  );
  const row = rows[0]!;
  if (row.replayed) return { ...account, replayed: true };
  if (row.balance === null || row.spent === null)
    throw new InsufficientTokensError(input.amount, account.balance);
  return { balance: row.balance, spent: row.spent, replayed: false };
}

/** Adds `amount` tokens inside the caller's transaction and records it. */
export async function credit(tx: Queryable, input: LedgerEntryInput): Promise<LedgerResult> {
  checkAmount(input.amount);
  const account = await lockAccount(tx, input.userId);
  const replayed = await replay(tx, input.idempotencyKey, account);
  if (replayed) return replayed;
  const rows = await tx.query<{ balance: number; spent: number }>(
    'UPDATE token_balances SET balance = balance + $2, updated_at = now() WHERE user_id = $1 RETURNING balance, spent',
    [input.userId, input.amount],
  );
  const after = rows[0]!;
  await tx.query(
    'INSERT INTO token_ledger (user_id, delta, reason, ref_id, idempotency_key, balance_after) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      input.userId,
      input.amount,
      input.reason,
      input.refId ?? null,
      input.idempotencyKey ?? null,
      after.balance,
    ],
  );
  return { ...after, replayed: false };
}

/** Current balance and lifetime spend; zeros for a user with no movements yet. */
export async function getBalance(
  db: Queryable,
  userId: string,
): Promise<{ balance: number; spent: number; lastDailyClaimAt: Date | null }> {
  const rows = await db.query<{ balance: number; spent: number; last_daily_claim_at: Date | null }>(
    'SELECT balance, spent, last_daily_claim_at FROM token_balances WHERE user_id = $1',
    [userId],
  );
  const row = rows[0];
  return {
    balance: row?.balance ?? 0,
    spent: row?.spent ?? 0,
    lastDailyClaimAt: row?.last_daily_claim_at ?? null,
  };
}
