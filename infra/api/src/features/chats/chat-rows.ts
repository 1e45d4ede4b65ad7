// A chat row with its character: the select, the sort key, the wire shapes, and the owner check.
import type { Chat, Message } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { iso } from './message-rows.ts';

/** The character behind a chat, as a reply engine needs it. */
export interface ChatCharacter {
  id: string;
  firstName: string;
  lastName: string | null;
  age: number;
  isAnime: boolean;
  description: string | null;
  /** The creation draft (looks, traits, personality, hobbies). */
  persona: Record<string, unknown>;
}

/** A chat with its character and recent history, for the chat hub. */
export interface ChatContext {
  chat: Chat;
  character: ChatCharacter;
  /** Locked or premium character not yet unlocked by this user. */
  isBlurred: boolean;
  history: Message[];
}
/** A `chats` row joined with its character and whether the character is blurred for the chat's user. */
export interface ChatRow {
  id: string;
  user_id: string;
  person_model_id: string;
  is_pinned: boolean;
  pinned_at: Date | string | null;
  input: string | null;
  is_secret_content: boolean;
  has_custom_generation_support: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  first_name: string;
  last_name: string | null;
  age: number;
  is_anime: boolean;
  description: string | null;
  persona: Record<string, unknown> | string | null;
  is_blurred: boolean;
}

/** Selects {@link ChatRow}s: chats joined with their character; add a `WHERE`. */
export const CHAT_SELECT = `SELECT c.*, pm.first_name, pm.last_name, pm.age, pm.is_anime, pm.description, pm.persona,
  ((pm.is_locked OR pm.is_premium) AND pm.owner_user_id IS DISTINCT FROM c.user_id
    AND NOT EXISTS (SELECT 1 FROM person_model_unlocks u WHERE u.user_id = c.user_id AND u.person_model_id = pm.id)) AS is_blurred
  FROM chats c JOIN person_models pm ON pm.id = c.person_model_id`;

/** Sort key of spec 000 §3: pin time for pinned chats, else update time; newest first. */
export const CHAT_ORDER =
  'ORDER BY (CASE WHEN c.is_pinned THEN c.pinned_at ELSE c.updated_at END) DESC, c.id DESC';

/** Wire shape of a chat with the given messages. */
export function toChat(row: ChatRow, messages: Message[]): Chat {
  return {
    id: row.id,
    personModelEntityId: row.person_model_id,
    personModelFirstName: row.first_name,
    personModelLastName: row.last_name,
    messages,
    isBlurred: row.is_blurred,
    isPinned: row.is_pinned,
    pinnedAt: row.pinned_at ? iso(row.pinned_at) : null,
    updatedAt: iso(row.updated_at),
    createdAt: iso(row.created_at),
    input: row.input,
    isSecretContent: row.is_secret_content,
    hasCustomGenerationSupport: row.has_custom_generation_support,
  };
}
/** The chat's character as a reply engine needs it. */
export function toCharacter(row: ChatRow): ChatCharacter {
  const persona =
    typeof row.persona === 'string'
      ? (JSON.parse(row.persona) as Record<string, unknown>)
      : (row.persona ?? {});
  return {
    id: row.person_model_id,
    firstName: row.first_name,
    lastName: row.last_name,
    age: row.age,
    isAnime: row.is_anime,
    description: row.description,
    persona,
  };
}
/** Loads a chat row for its owner: 404 when absent, 403 when it belongs to someone else. */
export async function ownedChatRow(db: Queryable, userId: string, chatId: string): Promise<ChatRow> {
  const rows = await db.query<ChatRow>(`${CHAT_SELECT} WHERE c.id = $1`, [chatId]);
  const row = rows[0];
  if (!row) throw notFound('No chat with this id.', 'chat_not_found');
  if (row.user_id !== userId) throw forbidden('This chat belongs to another user.');
  return row;
}

/** Throws 404 for a chat that does not exist and 403 for another user's (the memory routes' owner check). */
export async function assertChatOwner(db: Queryable, userId: string, chatId: string): Promise<void> {
  await ownedChatRow(db, userId, chatId);
}
