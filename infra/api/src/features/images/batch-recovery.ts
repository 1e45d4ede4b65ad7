import type { Database, Queryable } from '../../db/database.ts';
import type { Ledger } from '../../http/feature.ts';

/** What a batch ended with: how many of the photos paid for up front were stored. */
interface BatchOutcome {
  batchId: string;
  userId: string;
  requested: number;
  price: number;
  arrived: number;
}

/**
 * Closes a pending batch and gives back the price of the photos that never arrived (ADR 0181, 0229). Only the first
 * caller closes it (`status = 'pending'` guard) and the refund's idempotency key credits it once, so the request
 * that generated the batch and the sweeper can both try.
 */
async function settleBatch(tx: Queryable, ledger: Ledger, outcome: BatchOutcome): Promise<boolean> {
  const arrived = Math.min(outcome.arrived, outcome.requested);
  const refund = Math.round(((outcome.requested - arrived) * outcome.price) / outcome.requested);
  const closed = await tx.query(
    `UPDATE image_batches SET status = $2, refunded = $3, finished_at = now() WHERE id = $1 AND status = 'pending'
     RETURNING id`,
    [outcome.batchId, arrived > 0 ? 'done' : 'failed', refund],
  );
  if (closed.length === 0) return false;
  if (refund > 0)
    await ledger.credit(tx, {
      userId: outcome.userId,
      amount: refund,
      reason: 'refund_generate_images',
      refId: outcome.batchId,
      idempotencyKey: `refund:image-batch:${outcome.batchId}`,
    });
  return true;
}

/** Settles a batch its request finished generating; answers the user's balance afterwards. */
export function finishBatch(
  db: Database,
  ledger: Ledger,
  outcome: BatchOutcome,
): Promise<{ balance: number; spent: number }> {
  return db.transaction(async (tx) => {
    await settleBatch(tx, ledger, outcome);
    return ledger.getBalance(tx, outcome.userId);
  });
}

/**
 * The sweeper: settles every batch a dead process left pending (opened before `openedBefore`), refunding the photos
 * it never stored, one transaction per batch. Safe to run again and from several instances: the row lock skips
 * batches another instance is settling, and the refund key credits each batch once. Answers how many it settled.
 */
export async function recoverInterruptedBatches(
  db: Database,
  ledger: Ledger,
  openedBefore: Date,
): Promise<number> {
  let recovered = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query<{ id: string; user_id: string; requested: number; price: number }>(
        `SELECT id, user_id, requested, price FROM image_batches WHERE status = 'pending' AND created_at < $1
         ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [openedBefore],
      );
      const row = rows[0];
      if (!row) return true;
      const [count] = await tx.query<{ arrived: number | string }>(
        'SELECT count(*) AS arrived FROM images WHERE batch_id = $1 AND owner_user_id = $2',
        [row.id, row.user_id],
      );
      await settleBatch(tx, ledger, {
        batchId: row.id,
        userId: row.user_id,
        requested: row.requested,
        price: row.price,
        arrived: Number(count?.arrived ?? 0),
      });
      return false;
    });
    if (done) return recovered;
    recovered += 1;
  }
}
