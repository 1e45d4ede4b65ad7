// The chat hub's store on the API database: the catalogue's chat service plus the token ledger, one transaction per step.

import type { Message } from '@companion/contracts';
import { USER_PRICING_DEFAULTS } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { CompanionCharacter } from '../engines/companion/index.ts';
import { appendMessage, getChatContext } from '../features/chats/chat-service.ts';
import type { ChatCharacter } from '../features/chats/chat-service.ts';
import { HttpError } from '../http/errors.ts';
import type { Ledger } from '../http/feature.ts';
import { NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore, HubChat } from './ports.ts';

/** Turns of history read for the engine. */
const HISTORY_LIMIT = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Credits a reply's price back (once: the refund key) and records how the reply ended. */
async function refundReply(
  tx: Queryable,
  ledger: Ledger,
  reply: { userId: string; price: number; replyId: string },
  status: 'refunded' | 'failed',
): Promise<{ balance: number }> {
  await tx.query(
    `UPDATE chat_replies SET status = $2, error = $3, finished_at = now() WHERE reply_id = $1 AND status = 'running'`,
    [reply.replyId, status, status === 'failed' ? 'interrupted' : null],
  );
  if (reply.price <= 0) return ledger.getBalance(tx, reply.userId);
  return ledger.credit(tx, {
    userId: reply.userId,
    amount: reply.price,
    reason: 'chat_message_refund',
    refId: reply.replyId,
    idempotencyKey: `refund:${reply.replyId}`,
  });
}

/**
 * Refunds every reply left 'running' by a process that died mid-reply (started before `startedBefore`) and marks
 * it failed ('interrupted'), one transaction per reply. Safe to run again and from several instances: the row
 * lock skips replies another instance is recovering, and the refund key credits each reply once.
 */
export async function recoverInterruptedReplies(
  db: Database,
  ledger: Ledger,
  startedBefore: Date,
): Promise<number> {
  let recovered = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const rows = await tx.query<{ reply_id: string; user_id: string; price: number }>(
        `SELECT reply_id, user_id, price FROM chat_replies WHERE status = 'running' AND started_at < $1
         ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [startedBefore],
      );
      const row = rows[0];
      if (!row) return true;
      await refundReply(
        tx,
        ledger,
        { userId: row.user_id, price: row.price, replyId: row.reply_id },
        'failed',
      );
      return false;
    });
    if (done) return recovered;
    recovered += 1;
  }
}

/** Builds the store over the catalogue's chat service and the core's ledger. */
export function createDbChatStore(deps: {
  db: Database;
  ledger: Ledger;
  messagePrice?: (userId: string) => Promise<number>;
}): ChatReplyStore {
  const { db, ledger } = deps;
  return {
    async findChat(userId, chatId): Promise<HubChat | null> {
      // Chat ids are uuids; anything else cannot exist (and would be a SQL cast error).
      if (!UUID.test(chatId)) return null;
      try {
        const context = await getChatContext(db, userId, chatId, HISTORY_LIMIT);
        return {
          chatId: context.chat.id,
          isLocked: context.isBlurred,
          character: toCompanionCharacter(context.character),
          history: context.history
            .filter((m) => m.message)
            .map((m) => ({ sender: m.sender, text: m.message as string })),
        };
      } catch (error) {
        // Another user's chat answers like a missing one: the hub does not reveal which ids exist.
        if (error instanceof HttpError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },

    async messagePrice(userId) {
      return deps.messagePrice ? deps.messagePrice(userId) : USER_PRICING_DEFAULTS.tokenPriceForMessage;
    },

    async acceptUserMessage({ userId, chatId, text, price, replyId }) {
      return db.transaction(async (tx) => {
        let remainingTokens: number;
        if (price > 0) {
          try {
            const result = await ledger.spend(tx, {
              userId,
              amount: price,
              reason: 'chat_message',
              refId: chatId,
              idempotencyKey: `reply:${replyId}`,
            });
            remainingTokens = result.balance;
          } catch (error) {
            if (error instanceof HttpError && error.code === 'insufficient_tokens')
              throw new NotEnoughTokensError(error.message);
            throw error;
          }
        } else {
          remainingTokens = (await ledger.getBalance(tx, userId)).balance;
        }
        const message = await appendMessage(tx, chatId, 'user', { message: text });
        // The hub rejects blank text first, so the service never drops this one.
        if (message === null) throw new Error('the user message was dropped as empty');
        // Paid and not yet answered: if this process dies now, the next start refunds it (recoverInterruptedReplies).
        await tx.query(
          'INSERT INTO chat_replies (reply_id, user_id, chat_id, price) VALUES ($1, $2, $3, $4)',
          [replyId, userId, chatId, price],
        );
        return { message, remainingTokens };
      });
    },

    async storeReply({ chatId, text, replyId }): Promise<Message> {
      const message = await db.transaction(async (tx) => {
        const stored = await appendMessage(tx, chatId, 'character', { message: text });
        if (replyId !== undefined)
          await tx.query(
            "UPDATE chat_replies SET status = 'completed', finished_at = now() WHERE reply_id = $1 AND status = 'running'",
            [replyId],
          );
        return stored;
      });
      if (message === null) throw new Error('the reply was dropped as empty');
      return message;
    },

    async refund({ userId, price, replyId }) {
      if (price <= 0) return { remainingTokens: (await ledger.getBalance(db, userId)).balance };
      const result = await db.transaction((tx) =>
        refundReply(tx, ledger, { userId, price, replyId }, 'refunded'),
      );
      return { remainingTokens: result.balance };
    },

    async interruptedReplies(userId, chatId) {
      const rows = await db.query<{ reply_id: string; chat_id: string }>(
        `SELECT reply_id, chat_id FROM chat_replies
         WHERE user_id = $1 AND status = 'failed' AND error = 'interrupted' AND ($2::uuid IS NULL OR chat_id = $2::uuid)
           AND finished_at > now() - interval '1 day'
         ORDER BY started_at`,
        [userId, chatId && UUID.test(chatId) ? chatId : null],
      );
      return rows.map((row) => ({ replyId: row.reply_id, chatId: row.chat_id }));
    },
  };
}

/** Reads the creation draft kept in `persona` (000 §3) with whatever keys it has. */
function toCompanionCharacter(character: ChatCharacter): CompanionCharacter {
  const p = character.persona ?? {};
  const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
  const hobbies = Array.isArray(p.hobbies)
    ? p.hobbies
    : Array.isArray(p.hobby)
      ? p.hobby
      : typeof p.hobby === 'string'
        ? [p.hobby]
        : [];
  const traits = (p.traits && typeof p.traits === 'object' ? p.traits : null) as CompanionCharacter['traits'];
  return {
    name: character.firstName,
    age: character.age,
    persona: character.description,
    personality: str(p.personality),
    occupation: str(p.occupation),
    hobbies: hobbies.filter((h): h is string => typeof h === 'string'),
    connectionType: str(p.connectionType),
    traits,
  };
}
