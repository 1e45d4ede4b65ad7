// What the chat hub needs from the rest of the API, as small interfaces (fakes in tests, the database in production).

import type { Message } from '@companion/contracts';
import type { ChatTurn, CompanionCharacter, CompanionMemory } from '../engines/companion/index.ts';

/** A chat as the hub sees it: only returned to its owner. */
export interface HubChat {
  chatId: string;
  /** Locked or premium character the user has not unlocked: no replies until unlocked. */
  isLocked: boolean;
  character: CompanionCharacter;
  /** The last turns of the conversation, oldest first (what the engine reads). */
  history: ChatTurn[];
  /** What the character remembers beyond those turns, cut to the context budget (ADR 0360); absent when nothing. */
  memory?: CompanionMemory;
  /**
   * Regenerate: the chat's last message when it is a text reply of the character that answers a user
   * message, with that message and the turns before it; else null (nothing to regenerate).
   */
  lastReply?: { messageId: string; userMessage: Message; turnsBefore: ChatTurn[] } | null;
}

/** A send found again by its client id (ADR 0220): what the first send stored and how its reply ended. */
export interface StoredSend {
  replyId: string;
  kind: 'message' | 'regenerate';
  status: 'running' | 'completed' | 'refunded' | 'failed';
  userMessage: Message | null;
  reply: Message | null;
  remainingTokens: number;
}

/** Thrown by {@link ChatReplyStore.acceptUserMessage} when a send with the same client id was stored first. */
export class DuplicateSendError extends Error {
  override readonly name = 'DuplicateSendError';
}

/** Thrown by {@link ChatReplyStore.acceptUserMessage} when the balance cannot pay for the message. */
export class NotEnoughTokensError extends Error {
  override readonly name = 'NotEnoughTokensError';
}

/** Storage and ledger operations of one reply. */
export interface ChatReplyStore {
  /** The chat when it exists and belongs to `userId`, else null (another user's chat looks absent). */
  findChat(userId: string, chatId: string): Promise<HubChat | null>;
  /** Token price of one message for this user (the server's catalogue). */
  messagePrice(userId: string): Promise<number>;
  /**
   * In one transaction: spend `price` (idempotent on `replyId`) and store the user's message.
   * Throws {@link NotEnoughTokensError} and writes nothing when the balance is short.
   */
  acceptUserMessage(input: {
    userId: string;
    chatId: string;
    text: string;
    price: number;
    replyId: string;
    /** The client's id of this send: unique per chat (a second one throws {@link DuplicateSendError}). */
    clientMessageId?: string | null;
  }): Promise<{
    message: Message;
    remainingTokens: number;
  }>;
  /** The send with this client id in this chat of `userId`, else null. */
  findSend(userId: string, chatId: string, clientMessageId: string): Promise<StoredSend | null>;
  /**
   * Regenerate: in one transaction, spend `price` (idempotent on `replyId`) and record the reply that
   * will replace `messageId`'s text. {@link NotEnoughTokensError} / {@link DuplicateSendError} as above.
   */
  acceptRegenerate(input: {
    userId: string;
    chatId: string;
    messageId: string;
    price: number;
    replyId: string;
    clientMessageId?: string | null;
  }): Promise<{ remainingTokens: number }>;
  /** Adds `text` as the newest alternative of `messageId`, chosen, and marks the reply completed. */
  storeAlternative(input: { messageId: string; text: string; replyId: string }): Promise<Message>;
  /** Stores the character's reply (and, given `replyId`, marks that reply completed in the same transaction). */
  storeReply(input: { chatId: string; text: string; replyId?: string }): Promise<Message>;
  /** Gives back the price of a reply that failed (idempotent on `replyId`) and marks it refunded. */
  refund(input: { userId: string; price: number; replyId: string }): Promise<{ remainingTokens: number }>;
  /**
   * Replies of this user that a dead API process left unfinished and a later start refunded,
   * so `GetReplies` can show them as failed after a restart. Absent: none are kept.
   */
  interruptedReplies?(userId: string, chatId?: string): Promise<Array<{ replyId: string; chatId: string }>>;
  /**
   * Refunds a reply whose instance died mid-generation and marks it failed ('interrupted'), when it is
   * still running; true when this call did it. Once per reply however many instances call it.
   */
  recoverReply?(replyId: string): Promise<boolean>;
}
