import type { AppHistory } from '@companion/contracts';

/** Scrolls to the top whenever the path changes (spec 000 §2.2); query or hash changes keep the position. */
export function installScrollReset(
  history: AppHistory,
  scrollTo: (x: number, y: number) => void = (x, y) => window.scrollTo(x, y),
): () => void {
  let last = history.location.pathname;
  return history.listen(({ location }) => {
    if (location.pathname !== last) scrollTo(0, 0);
    last = location.pathname;
  });
}
