import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useShell } from '../app/shell-context.tsx';
import { hrefWithTracking } from '../routing/tracking-params.ts';
import { isInAppBrowser } from '../session/in-app-browser.ts';

const IN_APP = typeof navigator !== 'undefined' && isInAppBrowser(navigator.userAgent);

/**
 * A client-side link that starts loading the target remote on intent (hover, focus, touch) and carries the
 * page's tracking parameters in its href, so even a middle-click keeps them (000 §2.3).
 */
export function NavLink({
  href,
  children,
  onNavigate,
  onIntercept,
  state,
  ...rest
}: {
  href: string;
  children: ReactNode;
  onNavigate?: () => void;
  /** Runs before navigating; returning true means it handled the click (no navigation). */
  onIntercept?: () => boolean;
  /** History state for the target (e.g. the bottom navigation's item id). */
  state?: unknown;
} & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const { history, loader, routes } = useShell();
  const target = hrefWithTracking(href, history.location.search, IN_APP);
  const preload = () => {
    const remote = routes.remoteFor(new URL(href, location.origin).pathname);
    if (remote) void loader.then((l) => l.preload(remote)).catch(() => undefined);
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    rest.onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    event.preventDefault();
    if (onIntercept?.()) return;
    // Recomputed at click time: the query may have changed since render.
    history.push(hrefWithTracking(href, history.location.search, IN_APP), state);
    onNavigate?.();
  };
  return (
    <a
      href={target}
      onMouseEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      {...rest}
      onClick={onClick}
    >
      {children}
    </a>
  );
}
