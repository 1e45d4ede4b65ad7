import { useEffect, type ReactNode, type RefObject, type UIEvent } from 'react';
import type { Message } from '@companion/contracts';
import { Spinner } from '@companion/ui';
import type { OutboxEntry } from '../lib/outbox.ts';
import {
  MessageBubble,
  PendingBubble,
  PhotoPendingBubble,
  StreamingBubble,
  type ReplyToolsOptions,
} from './message-bubble.tsx';
import * as styles from './conversation.css.ts';

export type Row =
  | { key: string; kind: 'message'; message: Message }
  | { key: string; kind: 'pending'; entry: OutboxEntry }
  | { key: string; kind: 'streaming'; text: string }
  | { key: string; kind: 'photo' };

export interface MessageListProps {
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
  /** Regenerate and alternatives for the newest reply (when it is the character's text). */
  replyTools?: ReplyToolsOptions | null;
  /** A photo on its way (a photo request): a placeholder bubble at the end. */
  photoPending?: boolean;
}

const NEAR_TOP = 240;
/** Closer than this to the end and the reader is "at the bottom": new content follows them. */
export const NEAR_BOTTOM = 80;

/** Where the reader is in the plain list, so the virtual list that replaces it opens at the same place. */
export interface ReaderPlace {
  atBottom: boolean;
  /** The first row in view, and how far the scroller's top is below that row's top. */
  key: string | null;
  offset: number;
}

/** The history, then unsent messages, the streaming reply and a pending photo: one row each. */
export function messageRows(props: MessageListProps): Row[] {
  const { messages, pending, streamingText, photoPending = false } = props;
  const rows: Row[] = messages.map((message) => ({ key: message.id, kind: 'message', message }));
  for (const entry of pending) rows.push({ key: entry.id, kind: 'pending', entry });
  if (streamingText !== null) rows.push({ key: 'streaming', kind: 'streaming', text: streamingText });
  if (photoPending) rows.push({ key: 'photo', kind: 'photo' });
  return rows;
}

/** What changes at the bottom (a send, a streamed word): the lists follow it while the reader is at the bottom. */
export function tailOf(rows: Row[], streamingText: string | null): string {
  return `${rows.length}:${rows.at(-1)?.key}:${streamingText?.length ?? -1}`;
}

/** One row's bubble; the newest character text gets the reply tools. */
export function RowContent({ row, index, props }: { row: Row; index: number; props: MessageListProps }) {
  const { messages, blurred, onReact, replyTools = null } = props;
  if (row.kind === 'pending')
    return <PendingBubble text={row.entry.text} waiting={row.entry.state === 'waiting'} />;
  if (row.kind === 'streaming') return <StreamingBubble text={row.text} />;
  if (row.kind === 'photo') return <PhotoPendingBubble />;
  const newest = messages.at(-1);
  const toolsFor = newest && newest.sender === 'character' && !newest.imageUrl ? newest.id : null;
  return (
    <MessageBubble
      message={row.message}
      blurred={blurred}
      onReact={onReact}
      last={index === messages.length - 1}
      tools={row.message.id === toolsFor ? replyTools : null}
    />
  );
}

/**
 * Tracks whether the reader is at the bottom (so new content follows them) and pages older history in when they
 * near the top.
 */
export function useScrollEdges(
  scroller: RefObject<HTMLDivElement | null>,
  atBottom: RefObject<boolean>,
  { hasOlder, loadingOlder, onLoadOlder }: MessageListProps,
): void {
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
      if (element.scrollTop < NEAR_TOP && hasOlder && !loadingOlder) onLoadOlder();
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, [scroller, atBottom, hasOlder, loadingOlder, onLoadOlder]);
}

/** The scroller both lists share: the log role, the empty invitation and the older-page spinner. */
export function ListFrame({
  scroller,
  props,
  empty,
  onScroll,
  children,
}: {
  scroller: RefObject<HTMLDivElement | null>;
  props: MessageListProps;
  empty: boolean;
  onScroll?: (event: UIEvent<HTMLDivElement>) => void;
  children: ReactNode;
}) {
  return (
    <div
      ref={scroller}
      onScroll={onScroll}
      className={styles.scroller}
      data-testid="message-list"
      data-count={props.messages.length}
      role="log"
      aria-label="Messages"
    >
      {empty && !props.blurred && (
        <p className={styles.emptyChat} data-testid="empty-conversation">
          {props.emptyText}
        </p>
      )}
      {props.loadingOlder && (
        <div className={styles.older}>
          <Spinner size="sm" />
        </div>
      )}
      {children}
    </div>
  );
}
