// A paid reply that did not finish: its price credited back once (the refund key) and its row marked, at start for
// replies a dead process left running (ADR 0093) and on demand for one reply.
import type { Database, Queryable } from '../db/database.ts';
import type { Ledger } from '../http/feature.ts';

/** Credits a reply's price back (once: the refund key) and records how the reply ended. */
export async function refundReply(
  tx: Queryable,
  ledger: Ledger,
  reply: { userId: string; price: number; replyId: string },
  status: 'refunded' | 'failed',
): Promise<{ balance: number }> {
  await tx.query(
    `UPDATE chat_replies SET status = $2, error = $3, finished_at = now() WHERE reply_id = $1 AND status = 'running'`,
    [reply.replyId, status, status === 'failed' ? 'interrupted' : null],
  );
  if (reply.price <= 0) return ledger.getBalance(tx, reply.userId);
  return ledger.credit(tx, {
    userId: reply.userId,
    amount: reply.price,
    reason: 'chat_message_refund',
    refId: reply.replyId,
    idempotencyKey: `refund:${reply.replyId}`,
  });
}

/**
 * Refunds one reply still 'running' that matches `where` (a condition on chat_replies with `$1`) and marks it failed
 * ('interrupted'), in one transaction; false when none matches. The row lock skips a reply another instance is
 * recovering, and the refund key credits each reply once.
 */
export async function recoverOne(
  db: Database,
  ledger: Ledger,
  where: string,
  param: unknown,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<{ reply_id: string; user_id: string; price: number }>(
      `SELECT reply_id, user_id, price FROM chat_replies WHERE status = 'running' AND ${where}
       ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [param],
    );
    const row = rows[0];
    if (!row) return false;
    await refundReply(tx, ledger, { userId: row.user_id, price: row.price, replyId: row.reply_id }, 'failed');
    return true;
  });
}

/**
 * Refunds every reply left 'running' by a process that died mid-reply (started before `startedBefore`) and marks
 * it failed ('interrupted'), one transaction per reply. Safe to run again and from several instances.
 */
export async function recoverInterruptedReplies(
  db: Database,
  ledger: Ledger,
  startedBefore: Date,
): Promise<number> {
  let recovered = 0;
  while (await recoverOne(db, ledger, 'started_at < $1', startedBefore)) recovered += 1;
  return recovered;
}

/** Ids of replies still 'running' that started before `startedBefore` (oldest first, at most 100). */
export async function runningReplyIds(db: Database, startedBefore: Date): Promise<string[]> {
  const rows = await db.query<{ reply_id: string }>(
    `SELECT reply_id FROM chat_replies WHERE status = 'running' AND started_at < $1 ORDER BY started_at LIMIT 100`,
    [startedBefore],
  );
  return rows.map((row) => row.reply_id);
}
