import { Badge } from '@companion/ui';
import { cx } from '../app/cx.ts';
import * as styles from './chrome.css.ts';
import { SIDEBAR_ITEMS } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';

const isCurrent = (href: string, pathname: string) =>
  href === '/' ? pathname === '/' : pathname.startsWith(href);

/** The sidebar with the spec's items; on tablet it slides in over the page. */
export function Sidebar({
  open,
  pathname,
  onNavigate,
}: {
  open: boolean;
  pathname: string;
  onNavigate: () => void;
}) {
  return (
    <nav
      className={cx(styles.sidebar, open && styles.sidebarOpen)}
      aria-label="Main"
      data-testid="shell-sidebar"
    >
      <NavLink
        href="/create-character"
        className={cx(styles.navItem, styles.createButton)}
        onNavigate={onNavigate}
      >
        Create Character
      </NavLink>
      {SIDEBAR_ITEMS.map((item) => (
        <NavLink
          key={item.id}
          href={item.href}
          className={styles.navItem}
          aria-current={isCurrent(item.href, pathname) ? 'page' : undefined}
          onNavigate={onNavigate}
        >
          {item.label}
          {item.isNew && <Badge>New</Badge>}
        </NavLink>
      ))}
      <div className={styles.sidebarFooter}>
        <NavLink href="/legal/terms-of-service" onNavigate={onNavigate}>
          Terms of Service
        </NavLink>
        <NavLink href="/legal/privacy-policy" onNavigate={onNavigate}>
          Privacy Policy
        </NavLink>
      </div>
    </nav>
  );
}
