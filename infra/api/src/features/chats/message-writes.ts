// Writing messages: the user's message and the character's reply (what the hub accepts), and reactions.
import crypto from 'node:crypto';
import type { Message } from '@companion/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { ownedChatRow } from './chat-rows.ts';
import { MESSAGE_COLUMNS, normaliseContent, toMessage } from './message-rows.ts';
import type { MessageContent, MessageRow } from './message-rows.ts';

/**
 * Appends a message inside the caller's transaction (or directly) and bumps the chat's update
 * time. Returns null, writing nothing, for content the spec's empty-message rule drops.
 * Ownership is the caller's job here (the hub checks it once per connection).
 */
export async function appendMessage(
  tx: Queryable,
  chatId: string,
  sender: 'user' | 'character',
  content: MessageContent,
): Promise<Message | null> {
  const { content: c, isEmpty } = normaliseContent(content);
  if (isEmpty) return null;
  const rows = await tx.query<MessageRow>(
    `INSERT INTO messages (id, chat_id, sender, message, image_url, video_url, full_video_url, is_self_destructing_photo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${MESSAGE_COLUMNS}`,
    [
      crypto.randomUUID(),
      chatId,
      sender,
      c.message,
      c.imageUrl,
      c.videoUrl,
      c.fullVideoUrl,
      c.isSelfDestructingPhoto,
    ],
  );
  await tx.query('UPDATE chats SET updated_at = now() WHERE id = $1', [chatId]);
  return toMessage(rows[0]!);
}

/** Appends a message from `sender` to a chat `userId` owns, in its own transaction; null when the content is empty. */
function appendToOwnedChat(
  db: Database,
  userId: string,
  chatId: string,
  sender: 'user' | 'character',
  content: MessageContent,
): Promise<Message | null> {
  return db.transaction(async (tx) => {
    await ownedChatRow(tx, userId, chatId);
    return appendMessage(tx, chatId, sender, content);
  });
}

/** Appends the user's message to a chat they own; null when the content is empty (dropped). */
export const appendUserMessage = (db: Database, userId: string, chatId: string, content: MessageContent) =>
  appendToOwnedChat(db, userId, chatId, 'user', content);

/** Appends the character's reply to a chat of `userId`; null when the content is empty (dropped). */
export const appendCharacterReply = (db: Database, userId: string, chatId: string, content: MessageContent) =>
  appendToOwnedChat(db, userId, chatId, 'character', content);

/** Sets or clears a like or dislike on a character's reply; the two exclude each other. */
export async function setReaction(
  db: Queryable,
  userId: string,
  messageId: string,
  reaction: 'like' | 'dislike',
  value: boolean,
): Promise<Message> {
  const rows = await db.query<{ chat_id: string; sender: string }>(
    'SELECT chat_id, sender FROM messages WHERE id = $1',
    [messageId],
  );
  const found = rows[0];
  if (!found) throw notFound('No message with this id.', 'message_not_found');
  await ownedChatRow(db, userId, found.chat_id);
  const sql =
    reaction === 'like'
      ? `UPDATE messages SET is_liked = $2, is_disliked = CASE WHEN $2 THEN false ELSE is_disliked END WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`
      : `UPDATE messages SET is_disliked = $2, is_liked = CASE WHEN $2 THEN false ELSE is_liked END WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`;
  const updated = await db.query<MessageRow>(sql, [messageId, value]);
  return toMessage(updated[0]!);
}
