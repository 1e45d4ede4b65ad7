import { useSyncExternalStore } from 'react';
import { columnsForWidth } from '../lib/grid-layout.ts';

function subscribe(onChange: () => void) {
  // Resize fires often, but useSyncExternalStore re-renders only when the column count changes.
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

/**
 * Columns the grid's CSS is showing now. `innerWidth` is the width CSS media queries test, so banners land on
 * row boundaries of the CSS grid.
 */
export function useGridColumns(): number {
  return useSyncExternalStore(
    subscribe,
    () => columnsForWidth(window.innerWidth),
    () => 4,
  );
}
