import { useEffect, useLayoutEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Message } from '@companion/contracts';
import { Spinner } from '@companion/ui';
import type { OutboxEntry } from '../lib/outbox.ts';
import { MessageBubble, PendingBubble, StreamingBubble } from './message-bubble.tsx';
import * as styles from './conversation.css.ts';

type Row =
  | { key: string; kind: 'message'; message: Message }
  | { key: string; kind: 'pending'; entry: OutboxEntry }
  | { key: string; kind: 'streaming'; text: string };

interface MessageListProps {
  messages: Message[];
  pending: OutboxEntry[];
  streamingText: string | null;
  blurred: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder(): void;
  onReact(message: Message, reaction: 'like' | 'dislike'): void;
  /** What an empty conversation says (an invitation to write first). */
  emptyText: string;
}

const NEAR_TOP = 240;
const NEAR_BOTTOM = 80;

/**
 * The conversation, virtualised (@tanstack/react-virtual): only the rows on screen are in the DOM, so a chat of
 * thousands of messages opens as fast as a short one. It opens at the newest message, stays pinned to the bottom
 * while a reply streams (unless the reader scrolled up), and pages older history in near the top without a jump.
 */
export function MessageList(props: MessageListProps) {
  const {
    messages,
    pending,
    streamingText,
    blurred,
    hasOlder,
    loadingOlder,
    onLoadOlder,
    onReact,
    emptyText,
  } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const rows: Row[] = messages.map((message) => ({ key: message.id, kind: 'message', message }));
  for (const entry of pending) rows.push({ key: entry.id, kind: 'pending', entry });
  if (streamingText !== null) rows.push({ key: 'streaming', kind: 'streaming', text: streamingText });

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    overscan: 8,
    getItemKey: (index) => rows[index]!.key,
    // Paint the newest rows before the scroller is measured (first frame; jsdom has no layout).
    initialRect: { width: 0, height: 900 },
  });

  // Older pages arrive above: keep the message that was first where it was.
  const firstKey = rows[0]?.key;
  const previousFirst = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const before = previousFirst.current;
    previousFirst.current = firstKey;
    if (!before || before === firstKey) return;
    const index = rows.findIndex((row) => row.key === before);
    if (index > 0) virtualizer.scrollToIndex(index, { align: 'start' });
  });

  // New content at the bottom (a send, a streamed word) follows the reader only when they are at the bottom.
  const lastKey = rows.at(-1)?.key;
  const tail = `${rows.length}:${lastKey}:${streamingText?.length ?? -1}`;
  useLayoutEffect(() => {
    if (atBottom.current && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [tail]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
      if (element.scrollTop < NEAR_TOP && hasOlder && !loadingOlder) onLoadOlder();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [hasOlder, loadingOlder, onLoadOlder]);

  return (
    <div
      ref={scroller}
      className={styles.scroller}
      data-testid="message-list"
      data-count={messages.length}
      role="log"
      aria-label="Messages"
    >
      {rows.length === 0 && !blurred && (
        <p className={styles.emptyChat} data-testid="empty-conversation">
          {emptyText}
        </p>
      )}
      {loadingOlder && (
        <div className={styles.older}>
          <Spinner size="sm" />
        </div>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={styles.row}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start}px)`,
              }}
            >
              {row.kind === 'message' ? (
                <MessageBubble
                  message={row.message}
                  blurred={blurred}
                  onReact={onReact}
                  last={item.index === messages.length - 1}
                />
              ) : row.kind === 'pending' ? (
                <PendingBubble text={row.entry.text} waiting={row.entry.state === 'waiting'} />
              ) : (
                <StreamingBubble text={row.text} />
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
