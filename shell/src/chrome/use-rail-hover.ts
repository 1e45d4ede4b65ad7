import { useEffect, type RefObject } from 'react';

/**
 * The desktop rail's hover, from the DOM's own `mouseenter` and `mouseleave`. Checkout's promo banners inside the
 * panel are another React root (a parcel), and React's synthetic enter/leave events are computed within one root:
 * a move from the rail onto a banner read as leaving the rail, so the panel shut, its banners went, the pointer was
 * over the rail again and it opened: a flicker that never settled while the pointer rested on a banner.
 */
export function useRailHover(ref: RefObject<HTMLElement | null>, onHover: (hovered: boolean) => void) {
  useEffect(() => {
    const rail = ref.current;
    if (!rail) return;
    const enter = () => onHover(true);
    const leave = () => onHover(false);
    rail.addEventListener('mouseenter', enter);
    rail.addEventListener('mouseleave', leave);
    return () => {
      rail.removeEventListener('mouseenter', enter);
      rail.removeEventListener('mouseleave', leave);
    };
  }, [ref, onHover]);
}
