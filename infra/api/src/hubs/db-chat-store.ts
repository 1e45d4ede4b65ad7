// The chat hub's store on the API database: the catalogue's chat service plus the token ledger, one transaction per step.

import type { Message } from '@companion/contracts';
import { USER_PRICING_DEFAULTS } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { CompanionCharacter } from '../engines/companion/index.ts';
import { appendMessage, getChatContext } from '../features/chats/chat-service.ts';
import type { ChatCharacter } from '../features/chats/chat-service.ts';
import { HttpError } from '../http/errors.ts';
import type { Ledger } from '../http/feature.ts';
import { NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore, HubChat } from './ports.ts';

/** Turns of history read for the engine. */
const HISTORY_LIMIT = 20;

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
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(chatId)) return null;
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
        return { message, remainingTokens };
      });
    },

    async storeReply({ chatId, text }): Promise<Message> {
      const message = await db.transaction((tx) => appendMessage(tx, chatId, 'character', { message: text }));
      if (message === null) throw new Error('the reply was dropped as empty');
      return message;
    },

    async refund({ userId, price, replyId }) {
      if (price <= 0) return { remainingTokens: (await ledger.getBalance(db, userId)).balance };
      const result = await db.transaction((tx) =>
        ledger.credit(tx, {
          userId,
          amount: price,
          reason: 'chat_message_refund',
          refId: replyId,
          idempotencyKey: `refund:${replyId}`,
        }),
      );
      return { remainingTokens: result.balance };
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
