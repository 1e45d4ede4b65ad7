/** Viewport widths (px, inclusive maxima) and the columns per row at or below each (000 §2.4). */
export const GRID_STEPS: readonly (readonly [maxWidth: number, columns: number])[] = [
  [550, 2],
  [768, 3],
  [1024, 4],
  [1750, 4],
];

/** Columns above the last step. */
export const WIDEST_COLUMNS = 5;

/** Skeleton cards shown while the list loads (000 §9). */
export const SKELETON_COUNT = 12;

/** Columns of the model grid at a viewport width. */
export function columnsForWidth(width: number): number {
  for (const [maxWidth, columns] of GRID_STEPS) if (width <= maxWidth) return columns;
  return WIDEST_COLUMNS;
}

/** One slot of the grid: a card (by index into the list) or a banner (by index into the banners). */
export type GridSlot = { kind: 'card'; index: number } | { kind: 'banner'; index: number };

/**
 * Interleaves banners with cards: banner k goes after (k + 1) × 2 × columns cards (twice the row count), and
 * only where cards follow it, so a banner never trails the grid.
 */
export function layoutGrid(cardCount: number, bannerCount: number, columns: number): GridSlot[] {
  const every = columns * 2;
  const slots: GridSlot[] = [];
  let banner = 0;
  for (let index = 0; index < cardCount; index += 1) {
    if (index > 0 && index % every === 0 && banner < bannerCount) {
      slots.push({ kind: 'banner', index: banner });
      banner += 1;
    }
    slots.push({ kind: 'card', index });
  }
  return slots;
}
