import { CHAT_HUB_METHODS, type HubClient } from '@companion/contracts';

/** A reply `GetReplies` lists (ADR 0033). */
export interface ResumableReply {
  replyId: string;
  chatId: string;
  status: 'running' | 'completed' | 'failed' | 'cancelled';
  lastIndex: number;
}

/** An answer asked ahead is used only this soon: a completed reply stays resumable for minutes on the server. */
export const REPLIES_AHEAD_FRESH_MS = 2000;

const ahead = new Map<string, { at: number; answer: Promise<ResumableReply[]> }>();

/** `GetReplies(chatId)`; a failure (no connection) answers no replies. Opens chatHub when it is not open yet. */
const askReplies = (hubs: HubClient, chatId: string) =>
  hubs
    .invoke<ResumableReply[]>('chatHub', CHAT_HUB_METHODS.getReplies, chatId)
    .catch((): ResumableReply[] => []);

/**
 * Asks for a chat's resumable replies before its conversation is here (while the conversation's chunk loads), which
 * opens chatHub that much sooner (ADR 0270). Online only; at most one question per chat waits.
 */
export function askRepliesAhead(hubs: HubClient, chatId: string): void {
  if (!navigator.onLine) return;
  const found = ahead.get(chatId);
  if (found && Date.now() - found.at < REPLIES_AHEAD_FRESH_MS) return;
  ahead.set(chatId, { at: Date.now(), answer: askReplies(hubs, chatId) });
}

/** The conversation's question at open: the one asked ahead (used once) while fresh, else a new one; null offline. */
export function repliesAtOpen(hubs: HubClient, chatId: string): Promise<ResumableReply[]> | null {
  const found = ahead.get(chatId);
  ahead.delete(chatId);
  if (found && Date.now() - found.at < REPLIES_AHEAD_FRESH_MS) return found.answer;
  return navigator.onLine ? askReplies(hubs, chatId) : null;
}
