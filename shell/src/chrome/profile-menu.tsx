import { Icon, Image } from '@companion/ui';
import { Suspense, lazy, useState } from 'react';
import { useShell } from '../app/shell-context.tsx';
import { brandOf } from '../brand/brand.ts';
import * as styles from './menu.css.ts';
import { NavLink } from './nav-link.tsx';
import { useMenu } from './use-menu.ts';
import { useVisitor } from './use-visitor.ts';

// Loaded when the visitor asks to log out (ADR 0236).
const LogoutDialog = lazy(() => import('./logout-dialog.tsx').then((m) => ({ default: m.LogoutDialog })));

/**
 * The profile menu (000 §2.5): Subscription only without an active subscription, the dark-mode toggle,
 * Settings and Log out (confirmed in the 'Log out Account' dialog). Toggles on click, closes on an outside
 * mousedown.
 */
export function ProfileMenu() {
  const { bus, theme, setTheme, brand } = useShell();
  const { user, subscribed } = useVisitor();
  const { open, close, toggle, root, panelId } = useMenu();
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.menuRoot} ref={root}>
      <button
        type="button"
        className={styles.menuTrigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label="Profile menu"
        data-testid="profile-menu-button"
        onClick={toggle}
      >
        {/* 000 §5: the profile image, falling back to a user icon when it is missing or fails to load. */}
        <Image
          src={user?.userProfileUrl || null}
          alt="Profile picture"
          fallback="avatar"
          width={28}
          height={28}
          loading="eager"
          className={styles.avatar}
          data-testid="profile-avatar"
        />
        <span className={styles.chevron} aria-hidden="true">
          <Icon name="chevron" size={16} />
        </span>
      </button>
      {open && (
        <div
          className={styles.menuPanel}
          id={panelId}
          role="menu"
          aria-label="Profile"
          data-testid="profile-menu"
        >
          {user?.email && <div className={styles.menuEmail}>{user.email}</div>}
          {!subscribed && (
            <button
              type="button"
              role="menuitem"
              className={styles.menuItem}
              onClick={() => {
                close();
                bus.publish('paywall:open-requested', {
                  paywallType: 'subscription',
                  source: 'profile_menu',
                });
              }}
            >
              <Icon name="premium" size={18} />
              Subscription
            </button>
          )}
          {brandOf(brand).themeSwitch && (
            <button
              type="button"
              role="menuitemcheckbox"
              aria-checked={theme === 'dark'}
              className={styles.menuItem}
              onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
            >
              <Icon name="moon" size={18} />
              Dark mode
              <span className={styles.switchTrack} aria-hidden="true">
                <span className={styles.switchThumb} />
              </span>
            </button>
          )}
          <NavLink role="menuitem" href="/settings" className={styles.menuItem} onNavigate={close}>
            <Icon name="settings" size={18} />
            Settings
          </NavLink>
          <button
            type="button"
            role="menuitem"
            className={`${styles.menuItem} ${styles.menuItemDanger}`}
            onClick={() => {
              close();
              setConfirming(true);
            }}
          >
            <Icon name="logout" size={18} />
            Log out
          </button>
        </div>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <LogoutDialog open onClose={() => setConfirming(false)} />
        </Suspense>
      )}
    </div>
  );
}
