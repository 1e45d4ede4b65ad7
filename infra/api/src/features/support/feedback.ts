// `POST feedback` (000 §7 names the call, not its fields; ADR 0440): general feedback, or the chat's "rate this
// reply" form, sent when the user dislikes one of the character's replies, with what went wrong and a comment.

import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';

/** What can be wrong with a reply: the chips of the chat's feedback form, in its order. */
const REPLY_FEEDBACK_REASONS = [
  'nonsense',
  'off_topic',
  'out_of_character',
  'forgot',
  'repetitive',
  'inappropriate',
] as const;

export const FeedbackBody = z
  .object({
    message: z.string().trim().max(5000, 'message must be at most 5000 characters.').optional(),
    rating: z.number().int().min(1, 'rating must be 1–5.').max(5, 'rating must be 1–5.').optional(),
    category: z.string().trim().max(60).optional(),
    personId: z.string().max(64).optional(),
    /** The character's reply the feedback is about (the chat's form); it must be in one of the caller's chats. */
    messageId: z.uuid({ message: 'messageId must be a message id.' }).optional(),
    reasons: z
      .array(
        z.enum(REPLY_FEEDBACK_REASONS, {
          message: `reasons may only hold ${REPLY_FEEDBACK_REASONS.join(', ')}.`,
        }),
      )
      .max(REPLY_FEEDBACK_REASONS.length, 'reasons lists each reason once.')
      .refine((reasons) => new Set(reasons).size === reasons.length, 'reasons lists each reason once.')
      .optional(),
  })
  .refine((body) => body.message || body.rating !== undefined || body.reasons?.length, {
    message: 'Choose what went wrong or write a few words.',
    path: ['message'],
  });

/** The reply a feedback names, as it was rated: its chat, its character and its text. */
interface RatedReply {
  chatId: string;
  personId: string;
  text: string | null;
}

/**
 * The caller's reply `messageId` (a character's message in one of their chats), or a 401/404 naming `messageId`:
 * feedback on a reply is kept with what was rated, so nobody can attach it to someone else's chat.
 */
export async function ratedReply(
  db: Queryable,
  userId: string | null,
  messageId: string,
): Promise<RatedReply> {
  if (!userId) throw new HttpError(401, 'unauthorized', 'Sign in to rate a reply.', 'messageId');
  const rows = await db.query<{ chat_id: string; person_model_id: string; message: string | null }>(
    `SELECT m.chat_id, c.person_model_id, m.message FROM messages m JOIN chats c ON c.id = m.chat_id
     WHERE m.id = $1 AND c.user_id = $2 AND m.sender = 'character'`,
    [messageId, userId],
  );
  const row = rows[0];
  if (!row)
    throw new HttpError(404, 'message_not_found', 'No reply with this id in your chats.', 'messageId');
  return { chatId: row.chat_id, personId: row.person_model_id, text: row.message };
}
