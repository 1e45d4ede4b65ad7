import { useRef, type ReactNode } from 'react';
import type { Message } from '@companion/contracts';
import { Icon, IconButton, TokenCost } from '@companion/ui';
import * as styles from './reply-tools.css.ts';

export interface ReplyToolsProps {
  message: Message;
  /** The bubble itself: swiping it left or right shows the next or previous alternative. */
  children: ReactNode;
  /** Price of a regenerate (a message's price, `userPricingInfo.tokenPriceForMessage`). */
  price: number | null;
  /** Null while a reply streams (one reply per chat at a time). */
  onRegenerate: (() => void) | null;
  onChoose(message: Message, index: number): void;
}

const SWIPE_PX = 48;

/**
 * The newest reply's tools, loaded on first use: regenerate with its price before the spend, and
 * the alternatives a regenerate kept, by arrows, arrow keys or a swipe on the bubble.
 */
export default function ReplyTools({ message, children, price, onRegenerate, onChoose }: ReplyToolsProps) {
  const start = useRef<number | null>(null);
  const count = message.alternatives?.length ?? 1;
  const index = message.alternativeIndex ?? count - 1;
  const go = (step: -1 | 1) => {
    const next = index + step;
    if (next >= 0 && next < count) onChoose(message, next);
  };
  return (
    <>
      <div
        className={styles.swipe}
        onPointerDown={(event) => (start.current = event.clientX)}
        onPointerUp={(event) => {
          if (start.current === null) return;
          const moved = event.clientX - start.current;
          start.current = null;
          if (Math.abs(moved) >= SWIPE_PX) go(moved < 0 ? 1 : -1);
        }}
        onPointerCancel={() => (start.current = null)}
      >
        {children}
      </div>
      <div className={styles.tools} data-testid="reply-tools">
        {count > 1 && (
          <span
            className={styles.pager}
            role="group"
            aria-label="Alternatives"
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft') go(-1);
              if (event.key === 'ArrowRight') go(1);
            }}
          >
            <IconButton
              size="sm"
              aria-label="Previous alternative"
              disabled={index === 0}
              onClick={() => go(-1)}
            >
              <span className={styles.left}>
                <Icon name="chevron" size={14} />
              </span>
            </IconButton>
            <span data-testid="alternative-position" aria-live="polite">
              {index + 1}/{count}
            </span>
            <IconButton
              size="sm"
              aria-label="Next alternative"
              disabled={index === count - 1}
              onClick={() => go(1)}
            >
              <span className={styles.right}>
                <Icon name="chevron" size={14} />
              </span>
            </IconButton>
          </span>
        )}
        {onRegenerate && (
          <button
            type="button"
            className={styles.regenerate}
            onClick={onRegenerate}
            aria-label={price !== null ? `Regenerate for ${price} tokens` : 'Regenerate'}
          >
            <Icon name="retry" size={14} /> Regenerate
            {price !== null && (
              <span className={styles.price}>
                <TokenCost amount={price} />
              </span>
            )}
          </button>
        )}
      </div>
    </>
  );
}
