/** Swipes shorter than this (px) are taps or scroll jitter. */
export const SWIPE_MIN_PX = 50;

/** The index one step on, wrapping round at both ends. */
export function stepIndex(index: number, step: 1 | -1, count: number): number {
  if (count <= 0) return 0;
  return (index + step + count) % count;
}

/** A mostly horizontal swipe: left shows the next photo (1), right the previous one (-1); else 0. */
export function swipeDirection(dx: number, dy: number): 1 | -1 | 0 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy) * 1.5) return 0;
  return dx < 0 ? 1 : -1;
}
