import { Button } from '@companion/ui';
import { useShell } from '../app/shell-context.tsx';
import * as styles from './chrome.css.ts';
import { NavLink } from './nav-link.tsx';

/** The header: menu button, logo, then login and theme switch (logged out). The profile menu comes with the session issue. */
export function Header({ onMenu }: { onMenu: () => void }) {
  const { bus, brand, theme, setTheme } = useShell();
  return (
    <header className={styles.header} data-testid="shell-header">
      <Button variant="ghost" size="sm" className={styles.menuButton} aria-label="Open menu" onClick={onMenu}>
        ☰
      </Button>
      <NavLink href="/" className={styles.logo} aria-label={`${brand.name} home`}>
        <span className={styles.logoMark} aria-hidden="true" />
        {brand.name}
      </NavLink>
      <div className={styles.headerActions}>
        <Button
          variant="ghost"
          size="sm"
          aria-label={theme === 'dark' ? 'Switch to light theme' : 'Switch to dark theme'}
          onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
        >
          {theme === 'dark' ? '☀' : '☾'}
        </Button>
        <Button
          size="sm"
          onClick={() => bus.publish('auth:login-requested', { mode: 'login', source: 'header' })}
        >
          Login
        </Button>
      </div>
    </header>
  );
}
