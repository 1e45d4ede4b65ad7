// Idempotency-Keys a stopped process left in flight (ADR 0102): answered from their order's real state, as the
// chat replies and photo batches a crash interrupted are refunded at start. Without this the key answered
// 'in progress' for 24 h while its order may have been paid, and a client retrying with a new key bought twice.

import type { Database } from '../../db/database.ts';
import type { OrderRow } from './fulfilment.ts';

/** Longer than any creation call takes (three provider attempts): a key this old has no live request. */
export const IN_FLIGHT_MAX_MS = 5 * 60_000;

/**
 * For every key still in flight and created before `before`: the answer its request would have given, from
 * `answerFor(order)` (which asks the provider first); a key whose request left no order, or an order nothing
 * happened to, is released, so the same key runs the request again. Returns how many keys were settled.
 */
export async function recoverInFlightKeys(
  db: Database,
  before: Date,
  answerFor: (order: OrderRow) => Promise<unknown>,
  now: () => Date,
): Promise<number> {
  const keys = await db.query<{ user_id: string; key: string }>(
    `SELECT user_id, key FROM payment_idempotency_keys WHERE response_status IS NULL AND created_at < $1
     ORDER BY created_at LIMIT 500`,
    [before],
  );
  for (const { user_id: userId, key } of keys) {
    const orders = await db.query<OrderRow>(
      'SELECT * FROM payment_orders WHERE user_id = $1 AND idempotency_key = $2 ORDER BY created_at DESC LIMIT 1',
      [userId, key],
    );
    const order = orders[0];
    const body = order ? await answerFor(order) : null;
    if (body === null) {
      if (order)
        await db.query(
          `UPDATE payment_orders SET status = 'expired', error_code = '6.02', updated_at = $2
           WHERE id = $1 AND status = 'created'`,
          [order.id, now()],
        );
      await db.query(
        'DELETE FROM payment_idempotency_keys WHERE user_id = $1 AND key = $2 AND response_status IS NULL',
        [userId, key],
      );
    } else {
      await db.query(
        `UPDATE payment_idempotency_keys SET response_status = 200, response_body = $3
         WHERE user_id = $1 AND key = $2 AND response_status IS NULL`,
        [userId, key, JSON.stringify(body)],
      );
    }
  }
  return keys.length;
}
