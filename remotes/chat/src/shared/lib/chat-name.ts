import type { Chat } from '@companion/contracts';

/** The character's full name as the list and the conversation show it. */
export function chatName(chat: Chat): string {
  return [chat.personModelFirstName, chat.personModelLastName].filter(Boolean).join(' ');
}
