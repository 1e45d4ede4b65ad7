// The notification outbox (docs/research/payments.md §4): rows written in the caller's transaction, relayed
// afterwards at least once by the payments feature's relay (hub notifications and the mails that must not
// be lost).
import type { Queryable } from './database.ts';

/** What an outbox row delivers. */
export type OutboxEvent = 'PaymentNotification' | 'RegistrationNotification' | 'PayerEmailClaim';

/** Queues an outbox row in the caller's transaction. */
export async function enqueueOutbox(
  tx: Queryable,
  userId: string,
  event: OutboxEvent,
  payload: unknown,
  now: Date,
): Promise<void> {
  await tx.query(
    'INSERT INTO payment_outbox (user_id, event, payload, created_at, next_attempt_at) VALUES ($1, $2, $3, $4, $4)',
    [userId, event, JSON.stringify(payload), now],
  );
}
