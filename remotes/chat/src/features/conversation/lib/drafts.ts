/** Unsent text per chat in this tab (the server keeps it too, through Chats/save-input). */
const drafts = new Map<string, string>();

/** The local draft of a chat, or the server's when there is none here. */
export function draftFor(chatId: string, serverInput: string | null | undefined): string {
  return drafts.get(chatId) ?? serverInput ?? '';
}

export function keepDraft(chatId: string, text: string): void {
  if (text === '') drafts.delete(chatId);
  else drafts.set(chatId, text);
}
