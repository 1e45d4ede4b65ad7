// A chat's own state: starting it (with a card's first message), pin, the unsent input, seen marks, unlock price.
import crypto from 'node:crypto';
import type { Chat } from '@companion/contracts';
import { placeholders } from '../../engines/companion/persona-prompt.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { getChat } from './chat-history.ts';
import { ownedChatRow } from './chat-rows.ts';
import { blankToNull } from './message-rows.ts';
import { appendMessage } from './message-writes.ts';

/**
 * Starts a chat with a character the user may see (public or their own); idempotent per user
 * and character. Returns the chat and whether it was created now.
 */
export async function startChat(
  db: Database,
  userId: string,
  personModelId: string,
): Promise<{ chat: Chat; created: boolean }> {
  const models = await db.query<{
    owner_user_id: string | null;
    first_name: string;
    first_mes: string | null;
    user_name: string | null;
  }>(
    `SELECT owner_user_id, first_name, persona->'card'->>'firstMes' AS first_mes,
       (SELECT user_name FROM users WHERE id = $2) AS user_name
     FROM person_models WHERE id = $1`,
    [personModelId, userId],
  );
  const model = models[0];
  if (!model) throw notFound('No character with this id.', 'person_model_not_found');
  if (model.owner_user_id !== null && model.owner_user_id !== userId)
    throw forbidden('This character belongs to another user.');
  const inserted = await db.query<{ id: string }>(
    // Custom generation (photos on request) is offered for characters the user created.
    `INSERT INTO chats (id, user_id, person_model_id, has_custom_generation_support) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, person_model_id) DO NOTHING RETURNING id`,
    [crypto.randomUUID(), userId, personModelId, model.owner_user_id === userId],
  );
  // A character from a Character Card opens a new chat with its own first message (first_mes, ADR 0361).
  const opening = inserted[0] && model.first_mes?.trim();
  if (inserted[0] && opening)
    await appendMessage(db, inserted[0].id, 'character', {
      message: placeholders(opening, model.first_name, model.user_name?.trim() || 'you'),
    });
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM chats WHERE user_id = $1 AND person_model_id = $2',
    [userId, personModelId],
  );
  return { chat: await getChat(db, userId, rows[0]!.id), created: inserted.length > 0 };
}

/** Pins or unpins a chat; pinning stamps `pinnedAt`, unpinning clears it. */
export async function setPinStatus(
  db: Queryable,
  userId: string,
  chatId: string,
  isPinned: boolean,
  now: Date = new Date(),
): Promise<Chat> {
  await ownedChatRow(db, userId, chatId);
  await db.query(
    'UPDATE chats SET is_pinned = $2, pinned_at = CASE WHEN $2 THEN $3::timestamptz ELSE NULL END WHERE id = $1',
    [chatId, isPinned, now.toISOString()],
  );
  return getChat(db, userId, chatId);
}

/** Saves the unsent text of the chat's input box. */
export async function saveInput(
  db: Queryable,
  userId: string,
  chatId: string,
  input: string | null,
): Promise<Chat> {
  await ownedChatRow(db, userId, chatId);
  await db.query('UPDATE chats SET input = $2 WHERE id = $1', [chatId, blankToNull(input)]);
  return getChat(db, userId, chatId);
}
/** Marks every reply of a chat as seen. */
export async function markSeen(db: Queryable, userId: string, chatId: string): Promise<Chat> {
  await ownedChatRow(db, userId, chatId);
  await db.query(
    `UPDATE messages SET is_seen = true WHERE chat_id = $1 AND sender = 'character' AND NOT is_seen`,
    [chatId],
  );
  return getChat(db, userId, chatId);
}

/** The chat's character id and unlock price, for Chats/unlock; 403/404 as usual. */
export async function chatUnlockTarget(
  tx: Queryable,
  userId: string,
  chatId: string,
): Promise<{ personModelId: string; price: number; isBlurred: boolean }> {
  const row = await ownedChatRow(tx, userId, chatId);
  const prices = await tx.query<{ unlock_price: number }>(
    'SELECT unlock_price FROM person_models WHERE id = $1',
    [row.person_model_id],
  );
  return {
    personModelId: row.person_model_id,
    price: prices[0]?.unlock_price ?? 0,
    isBlurred: row.is_blurred,
  };
}
