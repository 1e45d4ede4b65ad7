// The chat hub's store on the API database: the catalogue's chat service plus the token ledger, one transaction per step.

import type { Message } from '@companion/contracts';
import { USER_PRICING_DEFAULTS } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { CompanionCharacter } from '../engines/companion/index.ts';
import {
  addAlternative,
  appendMessage,
  getChatContext,
  getMessageById,
  MESSAGE_COLUMNS,
  toMessage,
} from '../features/chats/chat-service.ts';
import type { ChatCharacter, MessageRow } from '../features/chats/chat-service.ts';
import { promptMemory } from '../features/chats/memory/memory-service.ts';
import { InsufficientTokensError, spendCtes } from '../features/tokens/ledger.ts';
import { HttpError } from '../http/errors.ts';
import type { Ledger } from '../http/feature.ts';
import { DuplicateSendError, NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore, HubChat, StoredSend } from './ports.ts';
import { recoverOne, refundReply } from './reply-refunds.ts';

export { recoverInterruptedReplies, runningReplyIds } from './reply-refunds.ts';

/** Turns of history read for the engine. */
const HISTORY_LIMIT = 20;

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';

/** Spends a reply's price (key `reply:<replyId>`), mapping a short balance to {@link NotEnoughTokensError}. */
async function spendForReply(
  tx: Queryable,
  ledger: Ledger,
  input: { userId: string; chatId: string; price: number; replyId: string },
): Promise<number> {
  if (input.price <= 0) return (await ledger.getBalance(tx, input.userId)).balance;
  try {
    const result = await ledger.spend(tx, {
      userId: input.userId,
      amount: input.price,
      reason: 'chat_message',
      refId: input.chatId,
      idempotencyKey: `reply:${input.replyId}`,
    });
    return result.balance;
  } catch (error) {
    if (error instanceof HttpError && error.code === 'insufficient_tokens')
      throw new NotEnoughTokensError(error.message);
    throw error;
  }
}

/** Runs a paid step; a second send with the same client id (unique per chat) becomes {@link DuplicateSendError}. */
async function once<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (isUniqueViolation(error)) throw new DuplicateSendError('this client message id was sent already');
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The chat as the hub needs it: its character, the last turns, its memory (one primary-key read, ADR 0360) and the
 * reply a regenerate would replace. Another user's memory is never returned: the chat read throws first.
 */
async function readHubChat(q: Queryable, userId: string, chatId: string): Promise<HubChat> {
  const [context, memory] = await Promise.all([
    getChatContext(q, userId, chatId, HISTORY_LIMIT),
    promptMemory(q, chatId),
  ]);
  const turns = context.history.filter((m) => m.message);
  return {
    chatId: context.chat.id,
    isLocked: context.isBlurred,
    character: toCompanionCharacter(context.character),
    history: turns.map((m) => ({ sender: m.sender, text: m.message as string })),
    ...(memory ? { memory } : {}),
    lastReply: lastReplyOf(context.history),
  };
}

/** The reply an earlier send with this client id started in this chat, if any. */
async function sendRow(q: Queryable, userId: string, chatId: string, clientMessageId: string) {
  const rows = await q.query<{
    reply_id: string;
    kind: StoredSend['kind'];
    status: StoredSend['status'];
    user_message_id: string | null;
    reply_message_id: string | null;
  }>(
    `SELECT reply_id, kind, status, user_message_id, reply_message_id FROM chat_replies
     WHERE chat_id = $1 AND user_id = $2 AND client_message_id = $3`,
    [chatId, userId, clientMessageId],
  );
  return rows[0] ?? null;
}

/**
 * A send's paid step as ONE statement (ADR 0270): the ledger's spend ({@link spendCtes}, the one spend rule, ledger
 * key `reply:<replyId>`), the user's message, the chat's update time and the running reply, all or nothing, in one
 * round trip instead of ten on PGlite's single connection. A short balance writes nothing; a second reply row with
 * the same client id (unique per chat) fails the whole statement. The reply row is paid and not yet answered: if
 * this process dies now, the next start refunds it (recoverInterruptedReplies).
 */
const ACCEPT_SQL = `
WITH ${spendCtes({ user: '$1::uuid', amount: '$3::int', key: '$4::text', reason: "'chat_message'", ref: '$9::text' })}, message AS (
  INSERT INTO messages (id, chat_id, sender, message)
  SELECT $5::uuid, $2::uuid, 'user', $6::text FROM paid
  RETURNING ${MESSAGE_COLUMNS}
), bumped AS (
  UPDATE chats SET updated_at = now() WHERE id = $2::uuid AND EXISTS (SELECT 1 FROM message)
), reply AS (
  INSERT INTO chat_replies (reply_id, user_id, chat_id, price, client_message_id, user_message_id)
  SELECT $7::uuid, $1::uuid, $2::uuid, $3::int, $8::text, id FROM message
)
SELECT m.*, (SELECT balance FROM paid) AS remaining_tokens,
  coalesce((SELECT balance FROM token_balances WHERE user_id = $1::uuid), 0) AS available
FROM (SELECT 1) AS one LEFT JOIN message m ON true`;

/**
 * A send's paid step: the spend, the user's message and the running reply. Paid messages are one statement
 * ({@link ACCEPT_SQL}); a free one (price 0) writes no ledger entry and runs the plain steps inside `q`'s transaction.
 */
async function acceptMessage(
  q: Queryable,
  ledger: Ledger,
  input: Parameters<ChatReplyStore['acceptUserMessage']>[0],
): Promise<{ message: Message; remainingTokens: number }> {
  const { userId, chatId, text, price, replyId, clientMessageId } = input;
  if (price <= 0) {
    const remainingTokens = (await ledger.getBalance(q, userId)).balance;
    const message = await appendMessage(q, chatId, 'user', { message: text });
    // The hub rejects blank text first, so the service never drops this one.
    if (message === null) throw new Error('the user message was dropped as empty');
    await q.query(
      `INSERT INTO chat_replies (reply_id, user_id, chat_id, price, client_message_id, user_message_id)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [replyId, userId, chatId, price, clientMessageId ?? null, message.id],
    );
    return { message, remainingTokens };
  }
  // The hub rejects blank text first (the messages table's check would fail the statement).
  const rows = await q.query<MessageRow & { remaining_tokens: number | null; available: number }>(
    ACCEPT_SQL,
    [
      userId,
      chatId,
      price,
      `reply:${replyId}`,
      crypto.randomUUID(),
      text,
      replyId,
      clientMessageId ?? null,
      chatId,
    ],
  );
  const row = rows[0];
  if (!row || row.id === null || row.remaining_tokens === null)
    throw new NotEnoughTokensError(new InsufficientTokensError(price, row?.available ?? 0).message);
  return { message: toMessage(row), remainingTokens: row.remaining_tokens };
}

/** A finished reply inside `tx`: the character's message, and its reply row marked completed. */
async function storeReplyIn(
  tx: Queryable,
  { chatId, text, replyId }: Parameters<ChatReplyStore['storeReply']>[0],
): Promise<Message | null> {
  const stored = await appendMessage(tx, chatId, 'character', { message: text });
  if (replyId !== undefined && stored !== null)
    await tx.query(
      "UPDATE chat_replies SET status = 'completed', finished_at = now(), reply_message_id = $2 WHERE reply_id = $1 AND status = 'running'",
      [replyId, stored.id],
    );
  return stored;
}

/** Thrown at the end of {@link warmSendPath}'s transaction so that it rolls back. */
class WarmUpDone extends Error {}

/**
 * Runs a send's statements once, through the hub store's own code, on a throwaway user, character and chat inside
 * a transaction that always rolls back (ADR 0270): the first send after a start then finds the database's caches
 * (catalogue, relations, indexes, foreign-key checks) warm instead of paying for them (~25 ms on PGlite). Nothing
 * is kept but the sequence values the rolled-back inserts drew.
 */
export async function warmSendPath(db: Database, ledger: Ledger): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const userId = crypto.randomUUID();
      const personId = crypto.randomUUID();
      const chatId = crypto.randomUUID();
      const replyId = crypto.randomUUID();
      const clientMessageId = `warm-up-${replyId}`;
      await tx.query('INSERT INTO users (id) VALUES ($1)', [userId]);
      await tx.query(
        "INSERT INTO person_models (id, owner_user_id, first_name, age, is_anime) VALUES ($1, $2, 'Warm-up', 30, false)",
        [personId, userId],
      );
      await tx.query('INSERT INTO chats (id, user_id, person_model_id) VALUES ($1, $2, $3)', [
        chatId,
        userId,
        personId,
      ]);
      await ledger.credit(tx, { userId, amount: 1, reason: 'warm_up', idempotencyKey: `warm-up:${userId}` });
      await sendRow(tx, userId, chatId, clientMessageId);
      await readHubChat(tx, userId, chatId);
      await acceptMessage(tx, ledger, {
        userId,
        chatId,
        text: 'warm-up',
        price: 1,
        replyId,
        clientMessageId,
      });
      await storeReplyIn(tx, { chatId, text: 'warm-up', replyId });
      await ledger.getBalance(tx, userId);
      throw new WarmUpDone();
    });
  } catch (error) {
    if (!(error instanceof WarmUpDone)) throw error;
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
        return await readHubChat(db, userId, chatId);
      } catch (error) {
        // Another user's chat answers like a missing one: the hub does not reveal which ids exist.
        if (error instanceof HttpError && (error.status === 404 || error.status === 403)) return null;
        throw error;
      }
    },

    async messagePrice(userId) {
      return deps.messagePrice ? deps.messagePrice(userId) : USER_PRICING_DEFAULTS.tokenPriceForMessage;
    },

    async acceptUserMessage(input) {
      // A paid send is one statement (atomic on its own); a free one runs its steps in a transaction.
      return once(() =>
        input.price > 0
          ? acceptMessage(db, ledger, input)
          : db.transaction((tx) => acceptMessage(tx, ledger, input)),
      );
    },

    async acceptRegenerate({ userId, chatId, messageId, price, replyId, clientMessageId }) {
      return once(() =>
        db.transaction(async (tx) => {
          const remainingTokens = await spendForReply(tx, ledger, { userId, chatId, price, replyId });
          await tx.query(
            `INSERT INTO chat_replies (reply_id, user_id, chat_id, price, client_message_id, kind, reply_message_id)
             VALUES ($1, $2, $3, $4, $5, 'regenerate', $6)`,
            [replyId, userId, chatId, price, clientMessageId ?? null, messageId],
          );
          return { remainingTokens };
        }),
      );
    },

    async storeAlternative({ messageId, text, replyId }) {
      return db.transaction(async (tx) => {
        const message = await addAlternative(tx, messageId, text);
        await tx.query(
          "UPDATE chat_replies SET status = 'completed', finished_at = now() WHERE reply_id = $1 AND status = 'running'",
          [replyId],
        );
        return message;
      });
    },

    async findSend(userId, chatId, clientMessageId): Promise<StoredSend | null> {
      if (!UUID.test(chatId)) return null;
      const row = await sendRow(db, userId, chatId, clientMessageId);
      if (!row) return null;
      const read = (id: string | null) => (id === null ? null : getMessageById(db, id));
      return {
        replyId: row.reply_id,
        kind: row.kind,
        status: row.status,
        userMessage: await read(row.user_message_id),
        reply: row.status === 'completed' ? await read(row.reply_message_id) : null,
        remainingTokens: (await ledger.getBalance(db, userId)).balance,
      };
    },

    async storeReply(input): Promise<Message> {
      const message = await db.transaction((tx) => storeReplyIn(tx, input));
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

    async recoverReply(replyId) {
      return UUID.test(replyId) ? recoverOne(db, ledger, 'reply_id = $1', replyId) : false;
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

/** The reply a regenerate replaces: the last message, a character's text answering a user's text. */
function lastReplyOf(history: Message[]): HubChat['lastReply'] {
  const last = history.at(-1);
  if (!last || last.sender !== 'character' || !last.message || last.imageUrl) return null;
  const userIndex = history.findLastIndex((m) => m.sender === 'user' && m.message);
  const userMessage = history[userIndex];
  if (!userMessage) return null;
  const turnsBefore = history
    .slice(0, userIndex)
    .filter((m) => m.message)
    .map((m) => ({ sender: m.sender, text: m.message as string }));
  return { messageId: last.id, userMessage, turnsBefore };
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
  // An imported card's prompt fields (ADR 0361), validated by the draft schema when the character was created.
  const card = (p.card && typeof p.card === 'object' ? p.card : null) as CompanionCharacter['card'];
  return {
    name: character.firstName,
    age: character.age,
    persona: character.description,
    personality: str(p.personality),
    occupation: str(p.occupation),
    hobbies: hobbies.filter((h): h is string => typeof h === 'string'),
    connectionType: str(p.connectionType),
    traits,
    ...(card ? { card } : {}),
  };
}
