import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import {
  ListFrame,
  messageRows,
  RowContent,
  tailOf,
  useScrollEdges,
  type MessageListProps,
  NEAR_BOTTOM,
  type ReaderPlace,
} from './message-rows.tsx';
import * as styles from './conversation.css.ts';
import { deferredComponent } from '@companion/remote-kit';

/** More rows than this (or any older history on the server) and the list is virtualised. */
export const LONG_CONVERSATION = 150;

const virtualList = deferredComponent(() =>
  import('./virtual-message-list.tsx').then((module) => module.default),
);

/** Fetches the virtualised list ahead (a long chat is about to open; ADR 0255). */
export const preloadLongList = () => void virtualList.preload().catch(() => undefined);

/**
 * The conversation (ADR 0221). A short one (the common case: its whole history loaded, at most 150 rows) is a plain
 * list; once the history is longer or has older pages, the virtualised list's chunk is fetched and takes over (the
 * plain list shows meanwhile, and the reader's place carries over). It stays virtualised for the rest of the visit.
 * No Suspense: a boundary revealed after its fallback waits up to 300 ms in React 19 (ADR 0255).
 */
export function MessageList(props: MessageListProps) {
  const long = props.hasOlder || props.messages.length + props.pending.length > LONG_CONVERSATION;
  const Virtual = virtualList.useLoaded(long);
  const place = useRef<ReaderPlace>({ atBottom: true, key: null, offset: 0 });
  if (!Virtual) return <PlainMessageList {...props} place={place} />;
  return <Virtual {...props} place={place} />;
}

/**
 * Every row in the DOM: opens at the newest message, follows new content (and photos that finish loading) while the
 * reader is at the bottom, and keeps the reader's place when older rows arrive above.
 */
function PlainMessageList({ place, ...props }: MessageListProps & { place: RefObject<ReaderPlace> }) {
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
        place.current = readerPlace(event.currentTarget, content.current, rows);
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

/** The first row the reader sees and how far the scroller's top is below that row's top. */
function readerPlace(
  scroller: HTMLElement,
  content: HTMLElement | null,
  rows: { key: string }[],
): ReaderPlace {
  const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < NEAR_BOTTOM;
  const top = scroller.getBoundingClientRect().top;
  const elements = content?.children ?? [];
  for (let i = 0; i < elements.length; i += 1) {
    const box = elements[i]!.getBoundingClientRect();
    if (box.bottom > top) return { atBottom, key: rows[i]?.key ?? null, offset: top - box.top };
  }
  return { atBottom, key: null, offset: 0 };
}
