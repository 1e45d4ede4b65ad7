// Decline compensation (001 §8, §9): a buyer whose card was refused with a code that promises 20 additional tokens
// "upon successful payment" gets them with their next paid order, once. Written in the fulfilment transaction
// through the ledger; the ledger key names the declined order, so neither a replayed webhook nor two orders paid at
// once credit the same promise twice, and a later decline makes a new promise.

import { COMPENSATED_DECLINE_CODES, DECLINE_COMPENSATION_TOKENS } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import type { Ledger } from '../../http/feature.ts';

/** The ledger reason of a compensation credit; its `ref_id` is the paid order that brought it. */
const COMPENSATION_REASON = 'decline_compensation';

/** The ledger key of the promise one declined order made. */
const compensationKey = (declinedOrderId: string) => `decline-compensation:${declinedOrderId}`;

/**
 * Credits the compensation a paid order brings: the latest compensated decline of the buyer since their previous
 * paid order (renewals are the server's own charges: they neither promise nor redeem). Returns the tokens credited.
 */
export async function creditDeclineCompensation(
  tx: Queryable,
  ledger: Ledger,
  paid: { id: string; user_id: string; kind: string },
): Promise<number> {
  if (paid.kind === 'renewal') return 0;
  const promises = await tx.query<{ id: string }>(
    `SELECT d.id FROM payment_orders d
     WHERE d.user_id = $1 AND d.status = 'declined' AND d.kind <> 'renewal' AND d.error_code = ANY($2::text[])
       AND NOT EXISTS (
         SELECT 1 FROM payment_orders p
         WHERE p.user_id = $1 AND p.id <> $3 AND p.kind <> 'renewal' AND p.fulfilled_at IS NOT NULL
           AND p.fulfilled_at >= d.updated_at)
     ORDER BY d.updated_at DESC LIMIT 1`,
    [paid.user_id, [...COMPENSATED_DECLINE_CODES], paid.id],
  );
  const promise = promises[0];
  if (!promise) return 0;
  const result = await ledger.credit(tx, {
    userId: paid.user_id,
    amount: DECLINE_COMPENSATION_TOKENS,
    reason: COMPENSATION_REASON,
    refId: paid.id,
    idempotencyKey: compensationKey(promise.id),
  });
  return result.replayed ? 0 : DECLINE_COMPENSATION_TOKENS;
}

/** The compensation a paid order brought (for `payments/check-order-status`), 0 when none. */
export async function compensationOf(db: Queryable, userId: string, orderId: string): Promise<number> {
  const rows = await db.query<{ total: string | number | null }>(
    'SELECT SUM(delta) AS total FROM token_ledger WHERE user_id = $1 AND reason = $2 AND ref_id = $3',
    [userId, COMPENSATION_REASON, orderId],
  );
  return Number(rows[0]?.total ?? 0);
}
