// Regenerate (ADR 0220): a reply's alternatives, adding the newest one and choosing which one shows.
import type { Message } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { ownedChatRow } from './chat-rows.ts';
import { MESSAGE_COLUMNS, alternativesOf, toMessage } from './message-rows.ts';
import type { MessageRow } from './message-rows.ts';

/** Loads one message with its chat's owner check (404 for an unknown id, 403 for another user's chat). */
async function ownedMessage(db: Queryable, userId: string, messageId: string): Promise<MessageRow> {
  const rows = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [
    messageId,
  ]);
  const row = rows[0];
  if (!row) throw notFound('No message with this id.', 'message_not_found');
  await ownedChatRow(db, userId, row.chat_id);
  return row;
}

/**
 * Regenerate: adds `text` as the newest alternative of a character message and chooses it. The first
 * regeneration keeps the original text as alternative 0.
 */
export async function addAlternative(tx: Queryable, messageId: string, text: string): Promise<Message> {
  const rows = await tx.query<MessageRow>(
    `UPDATE messages SET
       alternatives = coalesce(alternatives, jsonb_build_array(message)) || jsonb_build_array($2::text),
       alternative_index = jsonb_array_length(coalesce(alternatives, jsonb_build_array(message))),
       message = $2
     WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`,
    [messageId, text],
  );
  const row = rows[0];
  if (!row) throw notFound('No message with this id.', 'message_not_found');
  await tx.query('UPDATE chats SET updated_at = now() WHERE id = $1', [row.chat_id]);
  return toMessage(row);
}

/** Shows alternative `index` of a regenerated reply (its text becomes the message the engine reads). */
export async function chooseAlternative(
  db: Queryable,
  userId: string,
  messageId: string,
  index: number,
): Promise<Message> {
  const row = await ownedMessage(db, userId, messageId);
  const count = alternativesOf(row).alternatives?.length ?? 0;
  if (index < 0 || index >= count)
    throw badRequest(`index: this message has ${count} alternatives`, 'index', 'validation_failed');
  const updated = await db.query<MessageRow>(
    `UPDATE messages SET alternative_index = $2, message = alternatives ->> $2::int WHERE id = $1
     RETURNING ${MESSAGE_COLUMNS}`,
    [messageId, index],
  );
  return toMessage(updated[0]!);
}
