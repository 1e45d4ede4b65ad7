// The chat hub's store on the API database: chats, messages and person models tables plus the token ledger.

import { randomUUID } from 'node:crypto';
import type { Message } from '@companion/contracts';
import { USER_PRICING_DEFAULTS } from '../config.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { CompanionCharacter } from '../engines/companion/index.ts';
import type { Ledger } from '../http/feature.ts';
import { NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore, HubChat } from './ports.ts';

interface MessageRow {
  id: string;
  chat_id: string;
  sender: 'user' | 'character';
  message: string | null;
  image_url: string | null;
  video_url: string | null;
  full_video_url: string | null;
  is_self_destructing_photo: boolean;
  is_seen: boolean;
  is_liked: boolean;
  is_disliked: boolean;
  created_at: Date | string;
}

const MESSAGE_COLUMNS =
  'id, chat_id, sender, message, image_url, video_url, full_video_url, is_self_destructing_photo, is_seen, is_liked, is_disliked, created_at';

/** Builds the store. Queries touch the catalogue's tables directly until its chat service exposes the same operations. */
export function createDbChatStore(deps: {
  db: Database;
  ledger: Ledger;
  messagePrice?: (userId: string) => Promise<number>;
}): ChatReplyStore {
  const { db, ledger } = deps;
  return {
    async findChat(userId, chatId): Promise<HubChat | null> {
      if (!/^[0-9a-f-]{36}$/i.test(chatId)) return null;
      const rows = await db.query<{
        id: string;
        first_name: string;
        last_name: string | null;
        age: number;
        description: string | null;
        persona: Record<string, unknown> | null;
        is_locked: boolean;
      }>(
        `SELECT c.id, p.first_name, p.last_name, p.age, p.description, p.persona,
                ((p.is_locked OR p.is_premium) AND p.owner_user_id IS DISTINCT FROM c.user_id
                  AND NOT EXISTS (SELECT 1 FROM person_model_unlocks u WHERE u.user_id = c.user_id AND u.person_model_id = p.id)) AS is_locked
           FROM chats c JOIN person_models p ON p.id = c.person_model_id
          WHERE c.id = $1 AND c.user_id = $2`,
        [chatId, userId],
      );
      const row = rows[0];
      if (!row) return null;
      return { chatId: row.id, isLocked: row.is_locked, character: toCharacter(row) };
    },

    async messagePrice(userId) {
      return deps.messagePrice ? deps.messagePrice(userId) : USER_PRICING_DEFAULTS.tokenPriceForMessage;
    },

    async history(chatId, limit) {
      const rows = await db.query<{ sender: 'user' | 'character'; message: string }>(
        `SELECT sender, message FROM (
           SELECT sender, message, created_at, id FROM messages
            WHERE chat_id = $1 AND coalesce(btrim(message), '') <> ''
            ORDER BY created_at DESC, id DESC LIMIT $2) recent
          ORDER BY created_at, id`,
        [chatId, limit],
      );
      return rows.map((r) => ({ sender: r.sender, text: r.message }));
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
            if ((error as { code?: string }).code === 'insufficient_tokens')
              throw new NotEnoughTokensError('insufficient_tokens');
            throw error;
          }
        } else {
          remainingTokens = (await ledger.getBalance(tx, userId)).balance;
        }
        const message = await insertMessage(tx, chatId, 'user', text);
        return { message, remainingTokens };
      });
    },

    async storeReply({ chatId, text }) {
      return db.transaction((tx) => insertMessage(tx, chatId, 'character', text));
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

async function insertMessage(
  tx: Queryable,
  chatId: string,
  sender: 'user' | 'character',
  text: string,
): Promise<Message> {
  const rows = await tx.query<MessageRow>(
    `INSERT INTO messages (id, chat_id, sender, message) VALUES ($1, $2, $3, $4) RETURNING ${MESSAGE_COLUMNS}`,
    [randomUUID(), chatId, sender, text],
  );
  await tx.query('UPDATE chats SET updated_at = now() WHERE id = $1', [chatId]);
  return toMessage(rows[0]!);
}

function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    chatId: row.chat_id,
    message: row.message,
    videoUrl: row.video_url,
    imageUrl: row.image_url,
    fullVideoUrl: row.full_video_url,
    isSelfDestructingPhoto: row.is_self_destructing_photo,
    isSeen: row.is_seen,
    isLiked: row.is_liked,
    isDisliked: row.is_disliked,
    createdAt: new Date(row.created_at).toISOString(),
    sender: row.sender,
  };
}

/** Reads the creation draft kept in `persona` (000 §3) with whatever keys it has. */
function toCharacter(row: {
  first_name: string;
  last_name: string | null;
  age: number;
  description: string | null;
  persona: Record<string, unknown> | null;
}): CompanionCharacter {
  const p = row.persona ?? {};
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
    name: row.first_name,
    age: row.age,
    persona: row.description,
    personality: str(p.personality),
    occupation: str(p.occupation),
    hobbies: hobbies.filter((h): h is string => typeof h === 'string'),
    connectionType: str(p.connectionType),
    traits,
  };
}
