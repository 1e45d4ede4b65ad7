import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import {
  ListFrame,
  messageRows,
  RowContent,
  tailOf,
  useScrollEdges,
  type MessageListProps,
} from './message-rows.tsx';
import * as styles from './conversation.css.ts';

/** More rows than this (or any older history on the server) and the list is virtualised. */
export const LONG_CONVERSATION = 150;

const VirtualMessageList = lazy(() => import('./virtual-message-list.tsx'));

/**
 * The conversation (ADR 0221). A short one (the common case: its whole history loaded, at most 150 rows) is a plain
 * list; once the history is longer or has older pages, the virtualised list's chunk is fetched and takes over (the
 * plain list shows meanwhile). It stays virtualised for the rest of the visit.
 */
export function MessageList(props: MessageListProps) {
  const long = props.hasOlder || props.messages.length + props.pending.length > LONG_CONVERSATION;
  const [virtual, setVirtual] = useState(long);
  if (long && !virtual) setVirtual(true);
  if (!virtual) return <PlainMessageList {...props} />;
  return (
    <Suspense fallback={<PlainMessageList {...props} />}>
      <VirtualMessageList {...props} />
    </Suspense>
  );
}

/**
 * Every row in the DOM: opens at the newest message, follows new content (and photos that finish loading) while the
 * reader is at the bottom, and keeps the reader's place when older rows arrive above.
 */
function PlainMessageList(props: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef(0);
  const rows = messageRows(props);

  const firstKey = rows[0]?.key;
  const previousFirst = useRef<string | undefined>(undefined);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = previousFirst.current;
    previousFirst.current = firstKey;
    if (before && before !== firstKey && !atBottom.current) {
      element.scrollTop = element.scrollHeight - fromBottom.current;
    }
    fromBottom.current = element.scrollHeight - element.scrollTop;
  });

  const tail = tailOf(rows, props.streamingText);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [tail]);

  useEffect(() => {
    const element = scroller.current;
    if (!element || !content.current || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(content.current);
    return () => observer.disconnect();
  }, []);

  useScrollEdges(scroller, atBottom, props);

  return (
    <ListFrame
      scroller={scroller}
      props={props}
      empty={rows.length === 0}
      onScroll={(event) => {
        fromBottom.current = event.currentTarget.scrollHeight - event.currentTarget.scrollTop;
      }}
    >
      <div ref={content}>
        {rows.map((row, index) => (
          <div key={row.key} className={styles.row}>
            <RowContent row={row} index={index} props={props} />
          </div>
        ))}
      </div>
    </ListFrame>
  );
}
