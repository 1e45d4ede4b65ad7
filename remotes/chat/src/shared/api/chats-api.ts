import type { Chat, Message, Transport } from '@companion/contracts';

/** The unlock answer: the chat as it is now and the balance after the spend. */
export interface UnlockResult {
  chat: Chat;
  remainingTokens: number;
  spentTokens: number;
}

/** A page of history: the API's page size (`GET Chats/{id}` answers the newest page). */
export const PAGE_SIZE = 50;

const post = <T>(transport: Transport, path: string, body: unknown) =>
  transport.request<T>(path, { method: 'POST', body });

/** `GET Chats`: the user's chats, each with its last message. */
export const listChats = (transport: Transport) => transport.request<Chat[]>('Chats');

/** `GET Chats/{id}`: one chat with its newest 50 messages. */
export const getChat = (transport: Transport, chatId: string) =>
  transport.request<Chat>(`Chats/${encodeURIComponent(chatId)}`);

/** How long a chat fetched ahead of its opening stays good to open with. */
const AHEAD_TTL_MS = 10_000;
const ahead = new Map<string, { at: number; promise: Promise<Chat>; chat: Chat | null }>();
const fresh = (chatId: string) => {
  const found = ahead.get(chatId);
  return found && Date.now() - found.at < AHEAD_TTL_MS ? found : null;
};

/**
 * `GET Chats/{id}` ahead of the opening, on the pointer's way to the chat (hover, press, focus): the conversation
 * then paints its newest page in the click's own frame (ADR 0255). Once per chat within {@link AHEAD_TTL_MS}.
 */
export function prefetchChat(transport: Transport, chatId: string): Promise<Chat> {
  const found = fresh(chatId);
  if (found) return found.promise;
  const entry = { at: Date.now(), promise: getChat(transport, chatId), chat: null as Chat | null };
  entry.promise.then(
    (chat) => (entry.chat = chat),
    () => ahead.get(chatId) === entry && ahead.delete(chatId),
  );
  ahead.set(chatId, entry);
  return entry.promise;
}

/** The chat fetched ahead, if it has landed and is fresh (to paint with); it stays for {@link openChat}. */
export const prefetchedChat = (chatId: string): Chat | null => fresh(chatId)?.chat ?? null;

/** The chat with its newest page: the one fetched ahead (used once) while fresh, else `GET Chats/{id}`. */
export function openChat(transport: Transport, chatId: string): Promise<Chat> {
  const found = fresh(chatId);
  ahead.delete(chatId);
  return found?.promise ?? getChat(transport, chatId);
}

/** `GET Chats/{id}/messages`: a page of messages older than `before`, oldest first. */
export const getMessages = (transport: Transport, chatId: string, before: string | null, limit = PAGE_SIZE) =>
  transport.request<Message[]>(`Chats/${encodeURIComponent(chatId)}/messages`, {
    query: { before: before ?? undefined, limit },
  });

/** `POST Chats/start`: starts (or opens) the chat with a character. */
export const startChat = (transport: Transport, personModelId: string) =>
  post<Chat>(transport, 'Chats/start', { personModelId });

/** `POST Chats/set-pin-status`. */
export const setPinStatus = (transport: Transport, chatId: string, isPinned: boolean) =>
  post<Chat>(transport, 'Chats/set-pin-status', { chatId, isPinned });

/** `POST Chats/save-input`: the unsent draft. */
export const saveInput = (transport: Transport, chatId: string, input: string | null) =>
  post<Chat>(transport, 'Chats/save-input', { chatId, input });

/** `POST Chats/mark-seen`. */
export const markSeen = (transport: Transport, chatId: string) =>
  post<Chat>(transport, 'Chats/mark-seen', { chatId });

/** `POST Chats/like-message` / `dislike-message`. */
export const react = (
  transport: Transport,
  messageId: string,
  reaction: 'like' | 'dislike',
  value: boolean,
) =>
  reaction === 'like'
    ? post<Message>(transport, 'Chats/like-message', { messageId, isLiked: value })
    : post<Message>(transport, 'Chats/dislike-message', { messageId, isDisliked: value });

/** `POST Chats/unlock`: unlocks the chat's character at its price. */
export const unlockChat = (transport: Transport, chatId: string) =>
  post<UnlockResult>(transport, 'Chats/unlock', { chatId });

/** `POST Chats/choose-alternative`: which alternative of a regenerated reply shows. */
export const chooseAlternative = (transport: Transport, messageId: string, index: number) =>
  post<Message>(transport, 'Chats/choose-alternative', { messageId, index });

/** The photo-request answer: the character's image message and the balance after the spend. */
export interface PhotoResult {
  message: Message;
  price: number;
  remainingTokens: number;
}

/** `POST Chats/request-photo`: a photo of the character (tokenPriceForImage), idempotent by `requestId`. */
export const requestPhoto = (transport: Transport, chatId: string, requestId: string) =>
  post<PhotoResult>(transport, 'Chats/request-photo', { chatId, requestId });

/** What the character remembers of a chat (`GET Chats/{id}/memory`): facts told to the user, and a summary. */
export interface ChatMemory {
  facts: Array<{ id: string; kind: string; text: string; at: string }>;
  summary: string | null;
}

/** `GET Chats/{id}/memory`: the Memory view. */
export const getMemory = (transport: Transport, chatId: string) =>
  transport.request<ChatMemory>(`Chats/${encodeURIComponent(chatId)}/memory`);

/** `POST Chats/forget`: deletes one remembered fact, or the summary; answers the memory as it is now. */
export const forget = (transport: Transport, chatId: string, what: { factId: string } | { summary: true }) =>
  post<ChatMemory>(transport, 'Chats/forget', { chatId, ...what });
