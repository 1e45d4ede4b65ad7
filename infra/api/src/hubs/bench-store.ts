// The in-memory chat store of the hub benches (first-item-bench.ts, chat-streams-bench.ts): they time the hub and the
// engine, not the database. Its message shape is also the one the hub suite's fake store answers.
import type { Message } from '@companion/contracts';
import type { ChatReplyStore } from './ports.ts';

/** A message as a store without a database answers it: unseen, unrated, text only, created now. */
export function plainMessage(
  id: string,
  chatId: string,
  sender: 'user' | 'character',
  text: string,
): Message {
  return {
    id,
    chatId,
    message: text,
    videoUrl: null,
    imageUrl: null,
    fullVideoUrl: null,
    isSelfDestructingPhoto: false,
    isSeen: false,
    isLiked: false,
    isDisliked: false,
    createdAt: new Date().toISOString(),
    sender,
  };
}

/** In-memory store: this bench times the hub and the engine, not the database. */
export function memoryStore(): ChatReplyStore {
  let n = 0;
  const message = (chatId: string, sender: 'user' | 'character', text: string): Message =>
    plainMessage(`m${n++}`, chatId, sender, text);
  return {
    findChat: async (_userId, chatId) => ({
      chatId,
      isLocked: false,
      character: { name: 'Mia', occupation: 'barista', hobbies: ['surfing'], personality: 'Caregiver' },
      history: [],
    }),
    messagePrice: async () => 1,
    acceptUserMessage: async ({ chatId, text }) => ({
      message: message(chatId, 'user', text),
      remainingTokens: 100,
    }),
    storeReply: async ({ chatId, text }) => message(chatId, 'character', text),
    refund: async () => ({ remainingTokens: 100 }),
    findSend: async () => null,
    acceptRegenerate: async () => ({ remainingTokens: 100 }),
    storeAlternative: async ({ text }) => message('c', 'character', text),
  };
}
