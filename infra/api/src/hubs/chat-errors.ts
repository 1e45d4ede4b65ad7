// chatHub's error codes: what a chat stream or invocation can end with.
import type { ChatHubErrorCode } from '@companion/contracts';

/** Error codes a chat stream or invocation can end with; the client keys its UI on them (e.g. the insufficient-tokens offer). */
export const CHAT_ERRORS = {
  invalidMessage: 'invalid_message',
  chatNotFound: 'chat_not_found',
  chatLocked: 'chat_locked',
  insufficientTokens: 'insufficient_tokens',
  replyInProgress: 'reply_in_progress',
  replyNotFound: 'reply_not_found',
  generationFailed: 'generation_failed',
  nothingToRegenerate: 'nothing_to_regenerate',
  engineBusy: 'engine_busy',
} as const satisfies Record<string, ChatHubErrorCode>;
