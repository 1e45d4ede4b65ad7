// Photo requests of `Chats/request-photo`: the request id claimed once, the photo delivered as the character's message once.
import type { Message } from '@companion/contracts';
import type { Database } from '../../db/database.ts';
import { conflict } from '../../http/errors.ts';
import { appendCharacterReply, getMessageById } from '../chats/chat-service.ts';

/**
 * Claims `requestId` for a photo of this chat's character. A repeat of the same request (same user, same chat)
 * passes and finds its paid batch and its message again; anything else reusing the id is refused: a batch the
 * user already paid for elsewhere (it would be delivered without a charge), another chat, another user.
 */
export async function claimPhotoRequest(
  db: Database,
  userId: string,
  chatId: string,
  requestId: string,
): Promise<void> {
  const taken = conflict(
    'requestId: this id is already used by another photo; send a new one.',
    'request_id_taken',
    'requestId',
  );
  await db.transaction(async (tx) => {
    const claimed = await tx.query<{ user_id: string; chat_id: string }>(
      'SELECT user_id, chat_id FROM photo_requests WHERE request_id = $1 FOR UPDATE',
      [requestId],
    );
    if (claimed[0]) {
      if (claimed[0].user_id !== userId || claimed[0].chat_id !== chatId) throw taken;
      return;
    }
    const batch = await tx.query('SELECT 1 FROM image_batches WHERE id = $1', [requestId]);
    if (batch.length > 0) throw taken;
    const inserted = await tx.query(
      `INSERT INTO photo_requests (request_id, user_id, chat_id) VALUES ($1, $2, $3)
       ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
      [requestId, userId, chatId],
    );
    // Claimed by a parallel request between the read and the insert: decided by what it claimed.
    if (inserted.length === 0) {
      const other = await tx.query<{ user_id: string; chat_id: string }>(
        'SELECT user_id, chat_id FROM photo_requests WHERE request_id = $1',
        [requestId],
      );
      if (other[0]?.user_id !== userId || other[0]?.chat_id !== chatId) throw taken;
    }
  });
}

/** The photo as the character's message in the chat, once (a repeated request finds the message it stored). */
export async function deliverPhoto(
  db: Database,
  userId: string,
  chatId: string,
  url: string,
): Promise<Message> {
  const found = await db.query<{ id: string }>(
    'SELECT id FROM messages WHERE chat_id = $1 AND image_url = $2',
    [chatId, url],
  );
  const stored = found[0] ? await getMessageById(db, found[0].id) : null;
  if (stored) return stored;
  const message = await appendCharacterReply(db, userId, chatId, { imageUrl: url });
  return message!;
}
