import { Button, Icon, cx } from '@companion/ui';
import { useHistoryLocation } from '@companion/remote-kit';
import { useShell } from '../app/shell-context.tsx';
import { brandOf } from '../brand/brand.ts';
import { ActionLink } from './action-link.tsx';
import { isDailyBonusOffered, readClaimedAt } from './daily-bonus.ts';
import * as styles from './header.css.ts';
import { isCurrentPath, topNavItems } from './nav-items.ts';
import { NavLink } from './nav-link.tsx';
import { ProfileMenu } from './profile-menu.tsx';
import { TokenMenu } from './token-menu.tsx';
import { useVisitor } from './use-visitor.ts';

/** Light/dark switch for logged-out visitors, on builds that offer theme switching (000 §1). */
function ThemeSwitch() {
  const { theme, setTheme } = useShell();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-label={`Switch to ${next} theme`}
      data-testid="theme-switch"
      onClick={() => setTheme(next)}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}

/**
 * The header (000 §2.5): menu button, logo, the desktop top navigation, then Login and the theme switch when
 * logged out, or the token balance menu (subscribers) and the profile menu when logged in.
 */
export function Header({ onMenu, menuOpen }: { onMenu: () => void; menuOpen: boolean }) {
  const { bus, brand: info, history } = useShell();
  const brand = brandOf(info);
  const { pathname } = useHistoryLocation(history);
  const visitor = useVisitor();
  return (
    <header className={styles.header} data-testid="shell-header">
      <button
        type="button"
        className={styles.iconButton}
        aria-label={menuOpen ? 'Close menu' : 'Open menu'}
        aria-expanded={menuOpen}
        aria-controls="shell-sidebar"
        onClick={onMenu}
      >
        <Icon name="menu" size={22} />
      </button>
      <NavLink href="/" className={styles.logo} aria-label={`${brand.name} home`} data-testid="shell-logo">
        <span className={styles.logoMark} aria-hidden="true">
          <Icon name="chat" size={16} />
        </span>
        <span className={visitor.loggedIn ? styles.logoTextCompact : undefined}>{brand.name}</span>
      </NavLink>
      {brand.routeSet === 'full' && (
        <nav className={styles.topNav} aria-label="Top" data-testid="shell-top-nav">
          {topNavItems(brand).map((item) => (
            <ActionLink
              key={item.id}
              href={item.href}
              requires={item.requires}
              source="header"
              className={cx(styles.topNavItem, item.id === 'create' && styles.topNavCreate)}
              aria-current={isCurrentPath(item.href, pathname) ? 'page' : undefined}
            >
              <Icon name={item.icon} size={18} />
              {item.label}
            </ActionLink>
          ))}
        </nav>
      )}
      <div className={styles.headerActions}>
        {/* No user, no bonus: and nothing of the browser's storage is read (the server's chrome frame, ADR 0453). */}
        {visitor.user &&
          isDailyBonusOffered(visitor.user, visitor.balance, readClaimedAt(localStorage), new Date()) && (
            <button
              type="button"
              className={styles.giftButton}
              aria-label="Daily bonus"
              data-testid="daily-bonus-button"
              onClick={() => bus.publish('daily-bonus:open-requested', { source: 'header' })}
            >
              <Icon name="gift" />
            </button>
          )}
        {visitor.loggedIn ? (
          <>
            {visitor.subscribed && <TokenMenu />}
            <ProfileMenu />
          </>
        ) : (
          <>
            {brand.themeSwitch && <ThemeSwitch />}
            <Button
              size="sm"
              data-testid="login-button"
              onClick={() => bus.publish('auth:login-requested', { mode: 'login', source: 'header' })}
            >
              Login
            </Button>
          </>
        )}
      </div>
    </header>
  );
}
