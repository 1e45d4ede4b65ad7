import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useShell } from '../app/shell-context.tsx';
import { remoteForPath } from '../routing/route-table.ts';

/** A client-side link that starts loading the target remote on intent (hover, focus, touch). */
export function NavLink({
  href,
  children,
  onNavigate,
  ...rest
}: { href: string; children: ReactNode; onNavigate?: () => void } & Omit<
  AnchorHTMLAttributes<HTMLAnchorElement>,
  'href'
>) {
  const { history, loader } = useShell();
  const preload = () => {
    const remote = remoteForPath(new URL(href, location.origin).pathname);
    if (remote) void loader.then((l) => l.preload(remote)).catch(() => undefined);
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
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
    history.push(href);
    onNavigate?.();
  };
  return (
    <a
      href={href}
      onClick={onClick}
      onMouseEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      {...rest}
    >
      {children}
    </a>
  );
}
