import { MEDIA_MAX, useMediaQuery } from '@companion/ui';

/** Tablet size and below: max width 1199 px (000 §2.5); jsdom (no matchMedia) counts as desktop. */
export const useIsTablet = () => useMediaQuery(MEDIA_MAX.tablet);

/** iOS Safari and iOS in-app browsers (iPadOS reports itself as a Mac with touch). */
export function isIos(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  return (
    /iPad|iPhone|iPod/.test(nav.userAgent) || (/Macintosh/.test(nav.userAgent) && nav.maxTouchPoints > 1)
  );
}
