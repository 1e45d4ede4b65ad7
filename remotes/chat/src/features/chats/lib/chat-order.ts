import type { Chat, Message } from '@companion/contracts';
import { chatName } from '../../../shared/lib/chat-name.ts';

/** The sort key of 000 §3: pin time for pinned chats, else update time. */
export function chatSortTime(chat: Chat): number {
  const stamp = chat.isPinned && chat.pinnedAt ? chat.pinnedAt : chat.updatedAt;
  return Date.parse(stamp) || 0;
}

/** Chats newest first by pin or update time (ties by id, like the API). */
export function sortChats(chats: readonly Chat[]): Chat[] {
  return [...chats].sort((a, b) => chatSortTime(b) - chatSortTime(a) || (a.id < b.id ? 1 : -1));
}

/** Case-insensitive name search; blank search keeps everything. */
export function searchChats(chats: readonly Chat[], search: string): Chat[] {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return [...chats];
  return chats.filter((chat) => chatName(chat).toLocaleLowerCase().includes(needle));
}

/** Sorted, searched and split into the pinned and unpinned sections. */
export function chatSections(chats: readonly Chat[], search: string): { pinned: Chat[]; others: Chat[] } {
  const list = sortChats(searchChats(chats, search));
  return { pinned: list.filter((chat) => chat.isPinned), others: list.filter((chat) => !chat.isPinned) };
}

/** The last message as a one-line preview. */
export function previewOf(message: Message | undefined): string {
  if (!message) return 'Say hi';
  if (message.message && message.message.trim() !== '') return message.message.trim();
  if (message.videoUrl || message.fullVideoUrl) return 'Video';
  return 'Photo';
}

/** A chat is unread when its newest message is the character's and not seen. */
export function isUnread(chat: Chat): boolean {
  const last = chat.messages[chat.messages.length - 1];
  return last !== undefined && last.sender === 'character' && !last.isSeen;
}
