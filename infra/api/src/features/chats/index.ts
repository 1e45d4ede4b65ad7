import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { conflict } from '../../http/errors.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseParam, parseQuery } from '../../http/validate.ts';
import { ensureCatalogueSeeded } from '../../seed/seed-catalogue.ts';
import {
  chatUnlockTarget,
  chooseAlternative,
  getChat,
  getMessages,
  listChats,
  markSeen,
  saveInput,
  setPinStatus,
  setReaction,
  startChat,
} from './chat-service.ts';
import { forget, getMemoryView } from './memory/memory-view.ts';

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => (value === undefined ? null : value === 'true'));

const listQuery = z.object({
  search: z.string().trim().max(40).optional(),
  pinned: booleanQuery,
});

const messagesQuery = z.object({
  before: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const chatIdBody = z.object({ chatId: z.uuid() });
const startBody = z.object({ personModelId: z.uuid() });
const pinBody = z.object({ chatId: z.uuid(), isPinned: z.boolean() });
const inputBody = z.object({ chatId: z.uuid(), input: z.string().max(4000).nullable() });
const likeBody = z.object({ messageId: z.uuid(), isLiked: z.boolean().default(true) });
const dislikeBody = z.object({ messageId: z.uuid(), isDisliked: z.boolean().default(true) });
const alternativeBody = z.object({ messageId: z.uuid(), index: z.int().min(0) });
// One thing to forget at a time: a fact by its id, or the summary.
const forgetBody = z
  .object({ chatId: z.uuid(), factId: z.uuid().optional(), summary: z.literal(true).optional() })
  .refine((body) => (body.factId === undefined) !== (body.summary === undefined), {
    message: 'Name either a factId or summary: true.',
    path: ['factId'],
  });

/** Chats and messages of the signed-in user (spec 000 §3, §7; paths the spec does not show are in CONTEXT.md). */
export function chatsFeature(): FeaturePlugin {
  return async (app, deps: FeatureDeps) => {
    const { db, ledger } = deps;
    await ensureCatalogueSeeded(db);
    const auth = { preHandler: app.authenticate };

    app.get('/Chats', auth, async (request) => {
      const query = parseQuery(listQuery, request.query);
      return listChats(db, currentUser(request).id, { search: query.search ?? null, pinned: query.pinned });
    });

    app.get('/Chats/:chatId', auth, async (request) => {
      const chatId = parseParam(z.uuid(), (request.params as { chatId: string }).chatId, 'chatId');
      return getChat(db, currentUser(request).id, chatId);
    });

    // The price the unlock button shows before the spend (the Chat shape of 000 §3 has no price field).
    app.get('/Chats/:chatId/unlock-price', auth, async (request) => {
      const chatId = parseParam(z.uuid(), (request.params as { chatId: string }).chatId, 'chatId');
      const target = await chatUnlockTarget(db, currentUser(request).id, chatId);
      return { price: target.price, isBlurred: target.isBlurred };
    });

    // What the character remembers of this chat (ADR 0360): the Memory view, and forgetting any of it.
    app.get('/Chats/:chatId/memory', auth, async (request) => {
      const chatId = parseParam(z.uuid(), (request.params as { chatId: string }).chatId, 'chatId');
      return getMemoryView(db, currentUser(request).id, chatId);
    });

    app.post('/Chats/forget', auth, async (request) => {
      const body = parseBody(forgetBody, request.body);
      return forget(db, currentUser(request).id, body);
    });

    app.get('/Chats/:chatId/messages', auth, async (request) => {
      const chatId = parseParam(z.uuid(), (request.params as { chatId: string }).chatId, 'chatId');
      const query = parseQuery(messagesQuery, request.query);
      return getMessages(db, currentUser(request).id, chatId, {
        before: query.before ?? null,
        limit: query.limit,
      });
    });

    app.post('/Chats/start', auth, async (request, reply) => {
      const { personModelId } = parseBody(startBody, request.body);
      const { chat, created } = await startChat(db, currentUser(request).id, personModelId);
      return reply.status(created ? 201 : 200).send(chat);
    });

    app.post('/Chats/set-pin-status', auth, async (request) => {
      const body = parseBody(pinBody, request.body);
      return setPinStatus(db, currentUser(request).id, body.chatId, body.isPinned, deps.now());
    });

    app.post('/Chats/save-input', auth, async (request) => {
      const body = parseBody(inputBody, request.body);
      return saveInput(db, currentUser(request).id, body.chatId, body.input);
    });

    app.post('/Chats/mark-seen', auth, async (request) => {
      const { chatId } = parseBody(chatIdBody, request.body);
      return markSeen(db, currentUser(request).id, chatId);
    });

    app.post('/Chats/like-message', auth, async (request) => {
      const body = parseBody(likeBody, request.body);
      return setReaction(db, currentUser(request).id, body.messageId, 'like', body.isLiked);
    });

    app.post('/Chats/dislike-message', auth, async (request) => {
      const body = parseBody(dislikeBody, request.body);
      return setReaction(db, currentUser(request).id, body.messageId, 'dislike', body.isDisliked);
    });

    // Which alternative of a regenerated reply shows (and what the engine reads next).
    app.post('/Chats/choose-alternative', auth, async (request) => {
      const body = parseBody(alternativeBody, request.body);
      return chooseAlternative(db, currentUser(request).id, body.messageId, body.index);
    });

    // Unlocking a chat unlocks its locked or premium character for this user, at the character's price.
    app.post('/Chats/unlock', auth, async (request) => {
      const user = currentUser(request);
      const { chatId } = parseBody(chatIdBody, request.body);
      const balance = await db.transaction(async (tx) => {
        const target = await chatUnlockTarget(tx, user.id, chatId);
        if (!target.isBlurred) throw conflict('This chat is not locked.', 'not_locked', 'chatId');
        const inserted = await tx.query(
          'INSERT INTO person_model_unlocks (user_id, person_model_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
          [user.id, target.personModelId],
        );
        if (inserted.length === 0)
          throw conflict('This chat is already unlocked.', 'already_unlocked', 'chatId');
        if (target.price === 0) return ledger.getBalance(tx, user.id);
        return ledger.spend(tx, {
          userId: user.id,
          amount: target.price,
          reason: 'unlock_chat',
          refId: target.personModelId,
        });
      });
      return {
        chat: await getChat(db, user.id, chatId),
        remainingTokens: balance.balance,
        spentTokens: balance.spent,
      };
    });
  };
}
