// Photos in chats: a photo asked of the character, and a generated photo sent by the user.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database.ts';
import { imageUrl } from '../../../engines/image/image-store.ts';
import { currentUser } from '../../../http/auth.ts';
import { HttpError, conflict, notFound } from '../../../http/errors.ts';
import { parseBody } from '../../../http/validate.ts';
import { appendUserMessage, chatUnlockTarget, startChat } from '../../chats/chat-service.ts';
import type { StandaloneRow } from '../batch-answers.ts';
import type { RunBatch } from '../batch-runs.ts';
import { claimPhotoRequest, deliverPhoto } from '../photo-requests.ts';
import { guards } from './guards.ts';
import { photoRequestBody, sendToChatBody } from './schemas.ts';

/** `POST Chats/request-photo` and `POST Image/send-to-chat`. */
export function registerChatRoutes(app: FastifyInstance, db: Database, runBatch: RunBatch) {
  const { auth } = guards(app);
  // A photo asked of the character in its chat, priced tokenPriceForImage, paid and refunded as
  // a one-photo batch (idempotent by requestId), delivered as the character's image message.
  app.post('/Chats/request-photo', auth, async (request) => {
    const user = currentUser(request);
    const { chatId, requestId } = parseBody(photoRequestBody, request.body);
    const target = await chatUnlockTarget(db, user.id, chatId);
    if (target.isBlurred) throw conflict('Unlock this character first.', 'chat_locked', 'chatId');
    await claimPhotoRequest(db, user.id, chatId, requestId);
    const { answer, ...balance } = await runBatch(user.id, {
      batchId: requestId,
      personModelId: target.personModelId,
      count: 1,
    });
    const image = answer.images[0];
    if (!image) {
      if (answer.status === 'pending')
        throw conflict('This photo is still being taken.', 'request_in_progress', 'requestId');
      throw new HttpError(
        502,
        'image_engine_failed',
        `The photo failed; your ${answer.refundedTokens} tokens were refunded. Try again.`,
      );
    }
    const message = await deliverPhoto(db, user.id, chatId, image.imageUrl);
    return { message, price: answer.price, ...balance };
  });

  // Sends one of the caller's generated images into the chat with its character, as the user's message.
  app.post('/Image/send-to-chat', auth, async (request) => {
    const user = currentUser(request);
    const { imageId } = parseBody(sendToChatBody, request.body);
    const rows = await db.query<StandaloneRow>(
      'SELECT id, content_type, person_model_id, batch_id, created_at FROM images WHERE id = $1 AND owner_user_id = $2 AND is_standalone',
      [imageId, user.id],
    );
    const row = rows[0];
    if (!row) throw notFound('No generated image of yours with this id.', 'image_not_found');
    if (!row.person_model_id)
      throw conflict('This photo has no character to send it to.', 'no_character', 'imageId');
    const { chat } = await startChat(db, user.id, row.person_model_id);
    const message = await appendUserMessage(db, user.id, chat.id, {
      imageUrl: imageUrl(row.id, row.content_type),
    });
    return { chatId: chat.id, message };
  });
}
