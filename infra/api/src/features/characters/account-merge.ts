import type { AccountMergeStep } from '../../http/feature.ts';

/**
 * Moves everything the catalogue holds for an anonymous visitor to the account they signed in to
 * (ADR 0023): created characters, generated images, character and gallery unlocks, and chats.
 * When both users chat with the same character the two chats become one: the visitor's messages
 * move into the account's chat, which keeps the newer update and pin times.
 */
export const mergeCatalogue: AccountMergeStep = async (tx, { fromUserId, toUserId }) => {
  await tx.query('UPDATE person_models SET owner_user_id = $2, updated_at = now() WHERE owner_user_id = $1', [
    fromUserId,
    toUserId,
  ]);
  await tx.query('UPDATE images SET owner_user_id = $2 WHERE owner_user_id = $1', [fromUserId, toUserId]);
  await tx.query('UPDATE image_batches SET user_id = $2 WHERE user_id = $1', [fromUserId, toUserId]);
  await tx.query(
    `INSERT INTO person_model_unlocks (user_id, person_model_id, created_at)
     SELECT $2, person_model_id, created_at FROM person_model_unlocks WHERE user_id = $1 ON CONFLICT DO NOTHING`,
    [fromUserId, toUserId],
  );
  await tx.query('DELETE FROM person_model_unlocks WHERE user_id = $1', [fromUserId]);
  await tx.query(
    `INSERT INTO gallery_unlocks (user_id, person_model_image_id, created_at)
     SELECT $2, person_model_image_id, created_at FROM gallery_unlocks WHERE user_id = $1 ON CONFLICT DO NOTHING`,
    [fromUserId, toUserId],
  );
  await tx.query('DELETE FROM gallery_unlocks WHERE user_id = $1', [fromUserId]);
  // Chats with a character the account also talks to: fold messages into the account's chat.
  const clashes = await tx.query<{ from_id: string; to_id: string }>(
    `SELECT f.id AS from_id, t.id AS to_id FROM chats f JOIN chats t ON t.person_model_id = f.person_model_id AND t.user_id = $2 WHERE f.user_id = $1`,
    [fromUserId, toUserId],
  );
  for (const { from_id: fromChat, to_id: toChat } of clashes) {
    await tx.query('UPDATE messages SET chat_id = $2 WHERE chat_id = $1', [fromChat, toChat]);
    await tx.query(
      `UPDATE chats t SET updated_at = GREATEST(t.updated_at, f.updated_at),
         is_pinned = t.is_pinned OR f.is_pinned,
         pinned_at = CASE WHEN t.is_pinned OR f.is_pinned THEN GREATEST(t.pinned_at, f.pinned_at) END
       FROM chats f WHERE t.id = $2 AND f.id = $1`,
      [fromChat, toChat],
    );
    await tx.query('DELETE FROM chats WHERE id = $1', [fromChat]);
  }
  await tx.query('UPDATE chats SET user_id = $2 WHERE user_id = $1', [fromUserId, toUserId]);
};
