// Chats and messages as a service: the HTTP routes and the chat hub both go through here,
// so ownership, ordering and the empty-message rule live in one place. The work is split by job (see CONTEXT.md);
// this file names the service's API, so callers (routes, hubs, images, tests, bench) keep one import path.
export { addAlternative, chooseAlternative } from './alternatives.ts';
export { getChat, getChatContext, getMessageById, getMessages, listChats } from './chat-history.ts';
export type { HistoryOptions, ListChatsOptions } from './chat-history.ts';
export { chatUnlockTarget, markSeen, saveInput, setPinStatus, startChat } from './chat-lifecycle.ts';
export { assertChatOwner } from './chat-rows.ts';
export type { ChatCharacter, ChatContext } from './chat-rows.ts';
export { MESSAGE_COLUMNS, normaliseContent, toMessage } from './message-rows.ts';
export type { MessageContent, MessageRow } from './message-rows.ts';
export { appendCharacterReply, appendMessage, appendUserMessage, setReaction } from './message-writes.ts';
