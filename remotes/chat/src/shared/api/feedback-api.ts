import type { Transport } from '@companion/contracts';

/** What can be wrong with a reply; the API accepts these (`reasons`, ADR 0440). */
export type ReplyFeedbackReason =
  'nonsense' | 'off_topic' | 'out_of_character' | 'forgot' | 'repetitive' | 'inappropriate';

/** The chat's "rate this reply" form as `POST feedback` takes it (000 §7 names the call; ADR 0440 its fields). */
interface ReplyFeedback {
  category: 'chat_reply';
  messageId: string;
  personId: string;
  reasons: ReplyFeedbackReason[];
  message?: string;
}

/** `POST feedback`: the user's rating of one of the character's replies. */
export const sendFeedback = (transport: Transport, body: ReplyFeedback) =>
  transport.request<{ success: true; id: number }>('feedback', { method: 'POST', body });
