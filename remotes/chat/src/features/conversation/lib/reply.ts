import type { ChatReplyItem, Message } from '@companion/contracts';

/** One reply as the conversation shows it, folded from its stream items. */
export interface ReplyView {
  replyId: string;
  chatId: string | null;
  /** The stored user message (item `accepted`). */
  userMessage: Message | null;
  /** A regenerated reply: the id of the message it gives a new alternative. */
  regenerates: string | null;
  remainingTokens: number | null;
  /** The text so far, each item once. */
  text: string;
  /** The stored reply (item `completed`). */
  message: Message | null;
  lastIndex: number;
}

/**
 * Folds stream items into replies by `replyId`. An item at or below the reply's last index (a replayed overlap
 * after a resume) is ignored, so no text shows twice; a gap cannot happen because ResumeReply replays everything
 * after the index it is given.
 */
export function foldReplies(items: readonly ChatReplyItem[]): Map<string, ReplyView> {
  const replies = new Map<string, ReplyView>();
  for (const item of items) {
    const current = replies.get(item.replyId) ?? {
      replyId: item.replyId,
      chatId: null,
      userMessage: null,
      regenerates: null,
      remainingTokens: null,
      text: '',
      message: null,
      lastIndex: -1,
    };
    if (item.index <= current.lastIndex) continue;
    const next = { ...current, lastIndex: item.index };
    if (item.kind === 'accepted') {
      next.chatId = item.chatId;
      next.userMessage = item.userMessage;
      next.regenerates = item.regenerates ?? null;
      next.remainingTokens = item.remainingTokens;
    } else if (item.kind === 'text') next.text += item.text;
    else next.message = item.message;
    replies.set(item.replyId, next);
  }
  return replies;
}

/** The newest balance any reply reported, or null. */
export function latestBalance(replies: Map<string, ReplyView>): number | null {
  let balance: number | null = null;
  for (const reply of replies.values()) if (reply.remainingTokens !== null) balance = reply.remainingTokens;
  return balance;
}
