import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_HUB_METHODS, type ChatReplyItem, type HubName } from '@companion/contracts';
import { useMountProps } from '../remote-context.tsx';

/** Where a chat reply stream stands (ADR 0033), for the resume after a reconnect or a chat switch. */
export interface ReplyProgress {
  replyId: string | null;
  /** Index of the last item seen; `ResumeReply(replyId, lastIndex)` replays only what came after it. */
  lastIndex: number;
  completed: boolean;
}

/** Folds one chat stream item into the progress. Items at or below `lastIndex` (a replayed overlap) are ignored. */
export function trackReply(progress: ReplyProgress, item: ChatReplyItem): ReplyProgress {
  if (progress.replyId === item.replyId && item.index <= progress.lastIndex) return progress;
  return { replyId: item.replyId, lastIndex: item.index, completed: item.kind === 'completed' };
}

/** What {@link useHubStream} returns. */
export interface HubStreamState<T> {
  items: T[];
  /** The error the stream ended with (for chatHub, a `ChatHubErrorCode` as its message), or null. */
  error: unknown;
  streaming: boolean;
  /** Starts a stream (disposing the running one); `method` and `args` as the hub defines them. */
  start(method: string, ...args: unknown[]): void;
  /** Disposes the running stream (for chatHub's SendMessage this cancels generation; for ResumeReply it detaches). */
  stop(): void;
}

/**
 * One hub stream through the shell's hub client, collected into state and disposed on unmount. For chat replies
 * use {@link useChatReply}, which adds the resume bookkeeping.
 */
export function useHubStream<T>(hub: HubName): HubStreamState<T> {
  const { hubs } = useMountProps();
  const [items, setItems] = useState<T[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [streaming, setStreaming] = useState(false);
  const running = useRef<{ dispose(): void } | null>(null);

  const stop = useCallback(() => {
    running.current?.dispose();
    running.current = null;
    setStreaming(false);
  }, []);

  const start = useCallback(
    (method: string, ...args: unknown[]) => {
      running.current?.dispose();
      // Subscribed before the state updates: a connected hub sends the invocation at once (ADR 0255).
      const subscription = hubs.stream<T>(hub, method, ...args).subscribe({
        next: (item) => setItems((list) => [...list, item]),
        error: (cause) => {
          if (running.current !== subscription) return;
          running.current = null;
          setError(cause);
          setStreaming(false);
        },
        complete: () => {
          if (running.current !== subscription) return;
          running.current = null;
          setStreaming(false);
        },
      });
      running.current = subscription;
      setError(null);
      setStreaming(true);
    },
    [hub, hubs],
  );

  useEffect(() => () => running.current?.dispose(), []);
  return { items, error, streaming, start, stop };
}

/**
 * A chat reply: `send(chatId, text)` streams it, and `resume()` continues it after a dropped connection or a
 * chat switch from the last index seen, so no item is shown twice (ADR 0033).
 */
export function useChatReply() {
  const stream = useHubStream<ChatReplyItem>('chatHub');
  const progress = stream.items.reduce(trackReply, { replyId: null, lastIndex: -1, completed: false });
  const { start } = stream;
  const send = useCallback(
    (chatId: string, text: string) => start(CHAT_HUB_METHODS.sendMessage, chatId, text),
    [start],
  );
  const resume = useCallback(() => {
    if (progress.replyId && !progress.completed)
      start(CHAT_HUB_METHODS.resumeReply, progress.replyId, progress.lastIndex);
  }, [progress.replyId, progress.completed, progress.lastIndex, start]);
  return { ...stream, progress, send, resume };
}
