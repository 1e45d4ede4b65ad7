import { useSyncExternalStore } from 'react';
import { MEDIA_MAX } from '@companion/ui';

/** Whether a media query matches, following changes (the spec's breakpoints come from `MEDIA_MAX`). */
export function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    // jsdom and very old browsers have no matchMedia: treat them as desktop.
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}

/** Tablet size and below: max width 1199 px (000 §2.5). */
export const useIsTablet = () => useMedia(MEDIA_MAX.tablet);

/** iOS Safari and iOS in-app browsers (iPadOS reports itself as a Mac with touch). */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}
