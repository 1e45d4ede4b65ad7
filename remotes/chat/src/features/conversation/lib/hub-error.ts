import type { ChatHubErrorCode } from '@companion/contracts';

const CODES: readonly ChatHubErrorCode[] = [
  'invalid_message',
  'chat_not_found',
  'chat_locked',
  'insufficient_tokens',
  'reply_in_progress',
  'reply_not_found',
  'generation_failed',
  'nothing_to_regenerate',
  'engine_busy',
];

/**
 * The chatHub code a stream ended with (ADR 0033: the error message is the code, possibly wrapped by the SignalR
 * client), or null when the stream broke for another reason: a dropped connection, which a resume repairs.
 */
export function hubErrorCode(error: unknown): ChatHubErrorCode | null {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CODES.find((code) => text.includes(code)) ?? null;
}

/** What the conversation says about a failed reply. */
export function errorCopy(code: ChatHubErrorCode | null, price: number | null): string {
  switch (code) {
    case 'generation_failed':
      return price
        ? `She couldn’t answer this time. Your ${price} tokens were refunded.`
        : 'She couldn’t answer this time. Your tokens were refunded.';
    case 'engine_busy':
      return price
        ? `She’s answering a lot of people right now. Your ${price} ${price === 1 ? 'token was' : 'tokens were'} refunded: try again in a moment.`
        : 'She’s answering a lot of people right now. Your tokens were refunded: try again in a moment.';
    case 'insufficient_tokens':
      return 'Not enough tokens to send this message.';
    case 'invalid_message':
      return 'Messages can be up to 2,000 characters.';
    case 'chat_locked':
      return 'Unlock this character to keep chatting.';
    case 'reply_in_progress':
      return 'She is still answering your last message.';
    case 'nothing_to_regenerate':
      return 'There is no reply to regenerate yet.';
    case 'chat_not_found':
    case 'reply_not_found':
      return 'This conversation is no longer available.';
    default:
      return 'Connection lost. The reply will continue when you are back online.';
  }
}
