// Chats and messages as a service: the HTTP routes and the chat hub both go through here,
// so ownership, ordering and the empty-message rule live in one place.
import crypto from 'node:crypto';
import type { Chat, Message } from '@companion/contracts';
import { placeholders } from '../../engines/companion/persona-prompt.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';

/** Content of a new message; anything left out is null. */
export interface MessageContent {
  message?: string | null;
  imageUrl?: string | null;
  videoUrl?: string | null;
  fullVideoUrl?: string | null;
  isSelfDestructingPhoto?: boolean;
}

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

interface ChatRow {
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

export interface MessageRow {
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
  seq: number | string;
  alternatives: string[] | string | null;
  alternative_index: number | null;
}

export const MESSAGE_COLUMNS =
  'id, chat_id, sender, message, image_url, video_url, full_video_url, is_self_destructing_photo, is_seen, is_liked, is_disliked, created_at, seq, alternatives, alternative_index';

// Spec 000 §3: a message with none of text, video, image, full video or self-destructing photo is dropped.
const NOT_EMPTY = `(coalesce(btrim(message), '') <> '' OR coalesce(image_url, '') <> '' OR coalesce(video_url, '') <> ''
  OR coalesce(full_video_url, '') <> '' OR is_self_destructing_photo)`;

const CHAT_SELECT = `SELECT c.*, pm.first_name, pm.last_name, pm.age, pm.is_anime, pm.description, pm.persona,
  ((pm.is_locked OR pm.is_premium) AND pm.owner_user_id IS DISTINCT FROM c.user_id
    AND NOT EXISTS (SELECT 1 FROM person_model_unlocks u WHERE u.user_id = c.user_id AND u.person_model_id = pm.id)) AS is_blurred
  FROM chats c JOIN person_models pm ON pm.id = c.person_model_id`;

// Sort key of spec 000 §3: pin time for pinned chats, else update time; newest first.
const CHAT_ORDER = 'ORDER BY (CASE WHEN c.is_pinned THEN c.pinned_at ELSE c.updated_at END) DESC, c.id DESC';

const iso = (value: Date | string): string => new Date(value).toISOString();

const blankToNull = (value: string | null | undefined): string | null =>
  value && value.trim() !== '' ? value : null;

/** Normalises content and tells whether the spec's rule drops it. */
export function normaliseContent(content: MessageContent): {
  content: Required<MessageContent>;
  isEmpty: boolean;
} {
  const normalised = {
    message: blankToNull(content.message),
    imageUrl: blankToNull(content.imageUrl),
    videoUrl: blankToNull(content.videoUrl),
    fullVideoUrl: blankToNull(content.fullVideoUrl),
    isSelfDestructingPhoto: content.isSelfDestructingPhoto === true,
  };
  const isEmpty =
    !normalised.message &&
    !normalised.imageUrl &&
    !normalised.videoUrl &&
    !normalised.fullVideoUrl &&
    !normalised.isSelfDestructingPhoto;
  return { content: normalised, isEmpty };
}

/** Wire shape of a stored message. */
export function toMessage(row: MessageRow): Message {
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
    createdAt: iso(row.created_at),
    sender: row.sender,
    ...alternativesOf(row),
  };
}

/** A regenerated reply carries its texts and the chosen index; other messages carry neither. */
function alternativesOf(row: MessageRow): Pick<Message, 'alternatives' | 'alternativeIndex'> {
  if (row.alternatives === null || row.alternatives === undefined) return {};
  const list =
    typeof row.alternatives === 'string' ? (JSON.parse(row.alternatives) as string[]) : row.alternatives;
  return { alternatives: list, alternativeIndex: row.alternative_index ?? list.length - 1 };
}

function toChat(row: ChatRow, messages: Message[]): Chat {
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

function toCharacter(row: ChatRow): ChatCharacter {
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
async function ownedChatRow(db: Queryable, userId: string, chatId: string): Promise<ChatRow> {
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

/** Options of {@link listChats}. */
export interface ListChatsOptions {
  /** Case-insensitive search on the character's name. */
  search?: string | null;
  /** Only pinned (true) or unpinned (false) chats. */
  pinned?: boolean | null;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The user's chats, newest first by pin or update time, each with its last message. */
export async function listChats(
  db: Queryable,
  userId: string,
  options: ListChatsOptions = {},
): Promise<Chat[]> {
  const params: unknown[] = [userId];
  const where = ['c.user_id = $1'];
  if (options.search) {
    params.push(`%${escapeLike(options.search)}%`);
    where.push(`(pm.first_name || ' ' || coalesce(pm.last_name, '')) ILIKE $${params.length}`);
  }
  if (options.pinned !== undefined && options.pinned !== null) {
    params.push(options.pinned);
    where.push(`c.is_pinned = $${params.length}`);
  }
  const rows = await db.query<ChatRow>(`${CHAT_SELECT} WHERE ${where.join(' AND ')} ${CHAT_ORDER}`, params);
  if (rows.length === 0) return [];
  const last = await db.query<MessageRow>(
    `SELECT DISTINCT ON (chat_id) ${MESSAGE_COLUMNS} FROM messages WHERE chat_id = ANY($1::uuid[]) AND ${NOT_EMPTY} ORDER BY chat_id, seq DESC`,
    [rows.map((row) => row.id)],
  );
  const byChat = new Map(last.map((row) => [row.chat_id, toMessage(row)]));
  return rows.map((row) => {
    const message = byChat.get(row.id);
    return toChat(row, message ? [message] : []);
  });
}

/** Options of {@link getMessages}. */
export interface HistoryOptions {
  /** Page backwards: only messages older than this message id. */
  before?: string | null;
  /** At most this many (newest of the page); default 50, at most 200. */
  limit?: number;
}

/** Messages of a chat the caller owns, oldest first, empty ones dropped. */
export async function getMessages(
  db: Queryable,
  userId: string,
  chatId: string,
  options: HistoryOptions = {},
): Promise<Message[]> {
  await ownedChatRow(db, userId, chatId);
  return readMessages(db, chatId, options);
}

async function readMessages(db: Queryable, chatId: string, options: HistoryOptions): Promise<Message[]> {
  const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
  const params: unknown[] = [chatId, limit];
  let before = '';
  if (options.before) {
    params.push(options.before);
    before = `AND seq < coalesce((SELECT seq FROM messages WHERE id = $3 AND chat_id = $1), 0)`;
  }
  const rows = await db.query<MessageRow>(
    `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM messages WHERE chat_id = $1 AND ${NOT_EMPTY} ${before} ORDER BY seq DESC LIMIT $2) page ORDER BY seq`,
    params,
  );
  return rows.map(toMessage);
}

/** One chat of the caller with its latest messages (oldest first). */
export async function getChat(db: Queryable, userId: string, chatId: string, limit = 50): Promise<Chat> {
  const row = await ownedChatRow(db, userId, chatId);
  return toChat(row, await readMessages(db, chatId, { limit }));
}

/**
 * Starts a chat with a character the user may see (public or their own); idempotent per user
 * and character. Returns the chat and whether it was created now.
 */
export async function startChat(
  db: Database,
  userId: string,
  personModelId: string,
): Promise<{ chat: Chat; created: boolean }> {
  const models = await db.query<{
    owner_user_id: string | null;
    first_name: string;
    first_mes: string | null;
    user_name: string | null;
  }>(
    `SELECT owner_user_id, first_name, persona->'card'->>'firstMes' AS first_mes,
       (SELECT user_name FROM users WHERE id = $2) AS user_name
     FROM person_models WHERE id = $1`,
    [personModelId, userId],
  );
  const model = models[0];
  if (!model) throw notFound('No character with this id.', 'person_model_not_found');
  if (model.owner_user_id !== null && model.owner_user_id !== userId)
    throw forbidden('This character belongs to another user.');
  const inserted = await db.query<{ id: string }>(
    // Custom generation (photos on request) is offered for characters the user created.
    `INSERT INTO chats (id, user_id, person_model_id, has_custom_generation_support) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id, person_model_id) DO NOTHING RETURNING id`,
    [crypto.randomUUID(), userId, personModelId, model.owner_user_id === userId],
  );
  // A character from a Character Card opens a new chat with its own first message (first_mes, ADR 0361).
  const opening = inserted[0] && model.first_mes?.trim();
  if (inserted[0] && opening)
    await appendMessage(db, inserted[0].id, 'character', {
      message: placeholders(opening, model.first_name, model.user_name?.trim() || 'you'),
    });
  const rows = await db.query<{ id: string }>(
    'SELECT id FROM chats WHERE user_id = $1 AND person_model_id = $2',
    [userId, personModelId],
  );
  return { chat: await getChat(db, userId, rows[0]!.id), created: inserted.length > 0 };
}

/** Pins or unpins a chat; pinning stamps `pinnedAt`, unpinning clears it. */
export async function setPinStatus(
  db: Queryable,
  userId: string,
  chatId: string,
  isPinned: boolean,
  now: Date = new Date(),
): Promise<Chat> {
  await ownedChatRow(db, userId, chatId);
  await db.query(
    'UPDATE chats SET is_pinned = $2, pinned_at = CASE WHEN $2 THEN $3::timestamptz ELSE NULL END WHERE id = $1',
    [chatId, isPinned, now.toISOString()],
  );
  return getChat(db, userId, chatId);
}

/** Saves the unsent text of the chat's input box. */
export async function saveInput(
  db: Queryable,
  userId: string,
  chatId: string,
  input: string | null,
): Promise<Chat> {
  await ownedChatRow(db, userId, chatId);
  await db.query('UPDATE chats SET input = $2 WHERE id = $1', [chatId, blankToNull(input)]);
  return getChat(db, userId, chatId);
}

/**
 * Appends a message inside the caller's transaction (or directly) and bumps the chat's update
 * time. Returns null, writing nothing, for content the spec's empty-message rule drops.
 * Ownership is the caller's job here (the hub checks it once per connection).
 */
export async function appendMessage(
  tx: Queryable,
  chatId: string,
  sender: 'user' | 'character',
  content: MessageContent,
): Promise<Message | null> {
  const { content: c, isEmpty } = normaliseContent(content);
  if (isEmpty) return null;
  const rows = await tx.query<MessageRow>(
    `INSERT INTO messages (id, chat_id, sender, message, image_url, video_url, full_video_url, is_self_destructing_photo)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${MESSAGE_COLUMNS}`,
    [
      crypto.randomUUID(),
      chatId,
      sender,
      c.message,
      c.imageUrl,
      c.videoUrl,
      c.fullVideoUrl,
      c.isSelfDestructingPhoto,
    ],
  );
  await tx.query('UPDATE chats SET updated_at = now() WHERE id = $1', [chatId]);
  return toMessage(rows[0]!);
}

/** Appends the user's message to a chat they own; null when the content is empty (dropped). */
export async function appendUserMessage(
  db: Database,
  userId: string,
  chatId: string,
  content: MessageContent,
): Promise<Message | null> {
  return db.transaction(async (tx) => {
    await ownedChatRow(tx, userId, chatId);
    return appendMessage(tx, chatId, 'user', content);
  });
}

/** Appends the character's reply to a chat of `userId`; null when the content is empty (dropped). */
export async function appendCharacterReply(
  db: Database,
  userId: string,
  chatId: string,
  content: MessageContent,
): Promise<Message | null> {
  return db.transaction(async (tx) => {
    await ownedChatRow(tx, userId, chatId);
    return appendMessage(tx, chatId, 'character', content);
  });
}

/** What the hub needs to answer in a chat: the chat, its character and the last `limit` messages. */
export async function getChatContext(
  db: Queryable,
  userId: string,
  chatId: string,
  limit = 20,
): Promise<ChatContext> {
  const row = await ownedChatRow(db, userId, chatId);
  const history = await readMessages(db, chatId, { limit });
  return { chat: toChat(row, history), character: toCharacter(row), isBlurred: row.is_blurred, history };
}

/** Sets or clears a like or dislike on a character's reply; the two exclude each other. */
export async function setReaction(
  db: Queryable,
  userId: string,
  messageId: string,
  reaction: 'like' | 'dislike',
  value: boolean,
): Promise<Message> {
  const rows = await db.query<{ chat_id: string; sender: string }>(
    'SELECT chat_id, sender FROM messages WHERE id = $1',
    [messageId],
  );
  const found = rows[0];
  if (!found) throw notFound('No message with this id.', 'message_not_found');
  await ownedChatRow(db, userId, found.chat_id);
  const sql =
    reaction === 'like'
      ? `UPDATE messages SET is_liked = $2, is_disliked = CASE WHEN $2 THEN false ELSE is_disliked END WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`
      : `UPDATE messages SET is_disliked = $2, is_liked = CASE WHEN $2 THEN false ELSE is_liked END WHERE id = $1 RETURNING ${MESSAGE_COLUMNS}`;
  const updated = await db.query<MessageRow>(sql, [messageId, value]);
  return toMessage(updated[0]!);
}

/** Marks every reply of a chat as seen. */
export async function markSeen(db: Queryable, userId: string, chatId: string): Promise<Chat> {
  await ownedChatRow(db, userId, chatId);
  await db.query(
    `UPDATE messages SET is_seen = true WHERE chat_id = $1 AND sender = 'character' AND NOT is_seen`,
    [chatId],
  );
  return getChat(db, userId, chatId);
}

/** The chat's character id and unlock price, for Chats/unlock; 403/404 as usual. */
export async function chatUnlockTarget(
  tx: Queryable,
  userId: string,
  chatId: string,
): Promise<{ personModelId: string; price: number; isBlurred: boolean }> {
  const row = await ownedChatRow(tx, userId, chatId);
  const prices = await tx.query<{ unlock_price: number }>(
    'SELECT unlock_price FROM person_models WHERE id = $1',
    [row.person_model_id],
  );
  return {
    personModelId: row.person_model_id,
    price: prices[0]?.unlock_price ?? 0,
    isBlurred: row.is_blurred,
  };
}

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

/** One stored message by id (no owner check: callers hold an id they stored themselves), or null. */
export async function getMessageById(db: Queryable, messageId: string): Promise<Message | null> {
  const rows = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [
    messageId,
  ]);
  return rows[0] ? toMessage(rows[0]) : null;
}
