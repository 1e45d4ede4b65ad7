import type { ReactNode } from 'react';
import * as styles from './menu.css.ts';
import type { useMenu } from './use-menu.ts';

/** A header drop-down's trigger button: toggles its menu and names the panel it controls. */
export function MenuTrigger({
  menu,
  popup,
  label,
  testId,
  children,
}: {
  menu: Pick<ReturnType<typeof useMenu>, 'open' | 'toggle' | 'panelId'>;
  popup: 'menu' | 'dialog';
  label: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.menuTrigger}
      aria-haspopup={popup}
      aria-expanded={menu.open}
      aria-controls={menu.panelId}
      aria-label={label}
      data-testid={testId}
      onClick={menu.toggle}
    >
      {children}
    </button>
  );
}
