import type { Queryable } from '../../db/database.ts';

/**
 * Deletes an account inside the caller's transaction (000 §7 `DELETE User`). The user row stays, marked deleted, so
 * the ledger, orders and subscriptions (the payment records the law requires) keep their owner and later calls
 * answer 410 (000 §4). What is the user's own goes: their chats (messages and each chat's memory cascade with
 * them, and their ratings of replies, which quote the chat), the characters they made (with their images, unlocks and chats), their generated images and their saved
 * cards; their refresh tokens are revoked.
 */
export async function deleteAccount(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx.query('UPDATE users SET deleted_at = $2, updated_at = $2 WHERE id = $1 AND deleted_at IS NULL', [
    userId,
    now,
  ]);
  await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
    now,
  ]);
  await tx.query('DELETE FROM chats WHERE user_id = $1', [userId]);
  // A reply's rating quotes the chat (ADR 0440): it goes with it.
  await tx.query(
    "DELETE FROM support_messages WHERE user_id = $1 AND kind = 'feedback' AND payload ? 'messageId'",
    [userId],
  );
  await tx.query('DELETE FROM person_models WHERE owner_user_id = $1', [userId]);
  // A generated image is kept only while someone else's character still shows it.
  await tx.query(
    `DELETE FROM images i WHERE i.owner_user_id = $1
       AND NOT EXISTS (SELECT 1 FROM person_model_images p WHERE p.image_id = i.id OR p.preview_image_id = i.id)`,
    [userId],
  );
  await tx.query('DELETE FROM payment_cards WHERE user_id = $1', [userId]);
  // A deleted account is never charged again: its plan stops renewing and ends with its paid period; the
  // subscription row stays with the payment records.
  await tx.query(
    `UPDATE subscriptions SET status = 'cancellation_requested',
       cancellation_requested_at = COALESCE(cancellation_requested_at, $2), updated_at = $2
     WHERE user_id = $1 AND status = 'active'`,
    [userId, now],
  );
}
