// What the shell's hub connections carry (spec 001 §7) and what the chat hub streams (infra/api/src/hubs).
import type { Message } from './entities/characters.ts';

/** Server-to-client event names per hub. */
export const HUB_EVENTS = {
  paymentNotificationHub: 'PaymentNotification',
  registrationNotificationHub: 'RegistrationNotification',
} as const;

/** chatHub methods: two streams and two invocations. */
export const CHAT_HUB_METHODS = {
  /** Stream `(chatId, text)`: stores the user message, streams the reply. Disposing it cancels generation. */
  sendMessage: 'SendMessage',
  /** Stream `(replyId, lastIndex)`: resumes a reply after a reconnect or a chat switch. */
  resumeReply: 'ResumeReply',
  /** Invoke `(chatId)`: replies of a chat still being generated or just finished. */
  getReplies: 'GetReplies',
  /** Invoke `(replyId)`: stops a reply. */
  cancelReply: 'CancelReply',
  // Regenerate (ADR 0220): stream `(chatId, clientMessageId?)`: a new alternative of the chat's last reply,
  // priced like a message; items as SendMessage, `accepted.regenerates` names the reply being replaced.
  regenerateReply: 'RegenerateReply',
} as const;

/**
 * Send once (ADR 0220): `SendMessage(chatId, text, clientMessageId)` with a client id (at most 100
 * characters, unique per chat) is idempotent: a resend with the same id replays the reply it already started or
 * stored, and never pays twice.
 */
export const MAX_CLIENT_MESSAGE_ID_LENGTH = 100;

/** One stream item of `SendMessage` / `ResumeReply`; `index` lets a client resume after the last one it saw. */
export type ChatReplyItem =
  | {
      kind: 'accepted';
      replyId: string;
      chatId: string;
      index: number;
      userMessage: Message;
      remainingTokens: number;
      /** RegenerateReply only: the id of the character message this reply replaces (it keeps the id). */
      regenerates?: string;
    }
  | { kind: 'text'; replyId: string; index: number; text: string }
  | { kind: 'completed'; replyId: string; index: number; message: Message };

/** The error a chat stream ends with; the client shows it (`insufficient_tokens` opens the offer). */
export type ChatHubErrorCode =
  | 'invalid_message'
  | 'chat_not_found'
  | 'chat_locked'
  | 'insufficient_tokens'
  | 'reply_in_progress'
  | 'reply_not_found'
  | 'generation_failed'
  // Regenerate: the chat has no reply of the character after a user message to regenerate.
  | 'nothing_to_regenerate'
  // ADR 0380 (local model): every slot of the local model is busy and its queue is full; the send was refunded.
  | 'engine_busy';
