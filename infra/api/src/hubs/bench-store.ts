// The in-memory chat store of the hub benches (first-item-bench.ts, chat-streams-bench.ts): they time the hub and the
// engine, not the database.
import type { Message } from '@companion/contracts';
import type { ChatReplyStore } from './ports.ts';

/** In-memory store: this bench times the hub and the engine, not the database. */
export function memoryStore(): ChatReplyStore {
  let n = 0;
  const message = (chatId: string, sender: 'user' | 'character', text: string): Message => ({
    id: `m${n++}`,
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
  });
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
