import type { CSSProperties } from 'react';
import { cx } from '../cx.ts';
import * as styles from './skeleton.css.ts';

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** `block` (any box), `text` (lines of text), `circle` (avatars), `card` (an explore model card). */
  shape?: 'block' | 'text' | 'circle' | 'card';
  /** CSS length or px. For `circle`, the diameter. */
  width?: number | string;
  height?: number | string;
  /** Number of text lines (shape `text`). */
  lines?: number;
  className?: string;
}

/**
 * A loading placeholder with a shimmer (still under reduced motion). Hidden from assistive technology: mark the
 * loading region with `aria-busy` instead.
 */
export function Skeleton({ shape = 'block', width, height, lines = 1, className }: SkeletonProps) {
  if (shape === 'card') {
    return (
      <span
        className={cx(styles.base, styles.card, className)}
        style={{ width }}
        aria-hidden="true"
        data-skeleton="card"
      >
        <span className={styles.cardFoot}>
          <span className={styles.cardLine} style={{ width: '55%' }} />
          <span className={styles.cardLine} style={{ width: '30%' }} />
        </span>
      </span>
    );
  }

  if (shape === 'text') {
    const count = Math.max(1, Math.floor(lines));
    return (
      <span className={cx(styles.lines, className)} style={{ width }} aria-hidden="true" data-skeleton="text">
        {Array.from({ length: count }, (_, index) => (
          <span
            key={index}
            className={cx(
              styles.base,
              styles.shape.text,
              count > 1 && index === count - 1 && styles.lastLine,
            )}
            style={{ height }}
          />
        ))}
      </span>
    );
  }

  const size: CSSProperties = shape === 'circle' ? { width, height: width ?? height } : { width, height };
  return (
    <span
      className={cx(styles.base, styles.shape[shape], className)}
      style={size}
      aria-hidden="true"
      data-skeleton={shape}
    />
  );
}
