import { useLayoutEffect, useRef, type RefObject } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import * as parts from './message-rows.tsx';
import * as styles from './conversation.css.ts';

/**
 * A long conversation, virtualised (@tanstack/react-virtual, a lazy chunk: ADR 0221): only the rows on screen are in
 * the DOM, so a chat of thousands of messages opens as fast as a short one. It opens at the newest message, stays
 * pinned to the bottom while a reply streams (unless the reader scrolled up), and pages older history in near the
 * top without a jump.
 */
export default function VirtualMessageList({
  place,
  ...props
}: parts.MessageListProps & { place?: RefObject<parts.ReaderPlace> }) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const rows = parts.messageRows(props);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 76,
    overscan: 8,
    getItemKey: (index) => rows[index]!.key,
    // Paint the newest rows before the scroller is measured (first frame; jsdom has no layout).
    initialRect: { width: 0, height: 900 },
  });

  // Taking over from the plain list (a short chat grew long): open where the reader was, not at the bottom.
  useLayoutEffect(() => {
    const from = place?.current;
    if (!from || from.atBottom || from.key === null) return;
    const index = rows.findIndex((row) => row.key === from.key);
    if (index < 0) return;
    atBottom.current = false;
    const [start] = virtualizer.getOffsetForIndex(index, 'start') ?? [0];
    virtualizer.scrollToOffset(Math.max(0, start + from.offset));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

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
  const tail = parts.tailOf(rows, props.streamingText);
  useLayoutEffect(() => {
    if (atBottom.current && rows.length > 0) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [tail]); // eslint-disable-line react-hooks/exhaustive-deps

  parts.useScrollEdges(scroller, atBottom, props);

  return (
    <parts.ListFrame scroller={scroller} props={props} empty={rows.length === 0}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => (
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
            <parts.RowContent row={rows[item.index]!} index={item.index} props={props} />
          </div>
        ))}
      </div>
    </parts.ListFrame>
  );
}
