import { useSyncExternalStore } from 'react';
import { columnsForWidth, GRID_STEPS } from '../lib/grid-layout.ts';

const QUERIES = GRID_STEPS.map(([maxWidth]) => `(max-width: ${maxWidth}px)`);

function subscribe(onChange: () => void) {
  const lists = QUERIES.map((query) => window.matchMedia(query));
  lists.forEach((list) => list.addEventListener('change', onChange));
  return () => lists.forEach((list) => list.removeEventListener('change', onChange));
}

/** Columns the grid's CSS is showing now; the media queries are the same, so banners land on row boundaries. */
export function useGridColumns(): number {
  return useSyncExternalStore(
    subscribe,
    () => columnsForWidth(window.innerWidth),
    () => 4,
  );
}
