// Reading chats: the list, one chat, history pages, the hub's context, and one message by id.
import type { Chat, Message } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import { CHAT_ORDER, CHAT_SELECT, ownedChatRow, toCharacter, toChat } from './chat-rows.ts';
import type { ChatContext, ChatRow } from './chat-rows.ts';
import { MESSAGE_COLUMNS, NOT_EMPTY, toMessage } from './message-rows.ts';
import type { MessageRow } from './message-rows.ts';

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
/** A history page of a chat, oldest first, empty messages dropped (no owner check: callers did it). */
export async function readMessages(
  db: Queryable,
  chatId: string,
  options: HistoryOptions,
): Promise<Message[]> {
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
/** One stored message by id (no owner check: callers hold an id they stored themselves), or null. */
export async function getMessageById(db: Queryable, messageId: string): Promise<Message | null> {
  const rows = await db.query<MessageRow>(`SELECT ${MESSAGE_COLUMNS} FROM messages WHERE id = $1`, [
    messageId,
  ]);
  return rows[0] ? toMessage(rows[0]) : null;
}
