import { Badge } from '@companion/ui';
import * as styles from './chrome.css.ts';
import { BOTTOM_NAV_ITEMS } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';

/** Bottom navigation shown at tablet size and below, except on premium-model pages (spec 000 §2.5). */
export function BottomNav({ pathname }: { pathname: string }) {
  if (pathname.startsWith('/premium-models')) return null;
  return (
    <nav className={styles.bottomNav} aria-label="Bottom navigation" data-testid="shell-bottom-nav">
      {BOTTOM_NAV_ITEMS.map((item) => (
        <NavLink
          key={item.id}
          href={item.href}
          className={styles.bottomNavItem}
          aria-label={item.ariaLabel}
          aria-current={
            (item.href === '/' ? pathname === '/' : pathname.startsWith(item.href)) ? 'page' : undefined
          }
        >
          {item.label}
          {item.isNew && <Badge>New</Badge>}
        </NavLink>
      ))}
    </nav>
  );
}
