import { useEffect, useRef, useState, type ReactNode } from 'react';
import { PATHS } from '@companion/contracts';
import { Badge, Icon, cx } from '@companion/ui';
import { useShell } from '../app/shell-context.tsx';
import { brandOf } from '../brand/brand.ts';
import { ActionLink } from './action-link.tsx';
import * as headerStyles from './header.css.ts';
import * as styles from './sidebar.css.ts';
import { CREATE_CHARACTER_REQUIRES, isCurrentPath, sidebarItems } from './nav-items.ts';
import { useRailHover } from './use-rail-hover.ts';

/**
 * The sidebar (000 §2.5): Create Character, the items with their 'new' marks and flags, then Terms of Service
 * and Privacy Policy. On desktop a rail that opens on hover; on tablet a drawer toggled by the menu button.
 */
export function Sidebar({
  open,
  pathname,
  onNavigate,
  onHover,
  onClose,
  promo,
}: {
  open: boolean;
  pathname: string;
  onNavigate: () => void;
  onHover: (hovered: boolean) => void;
  onClose: () => void;
  /** The promo banners slot (checkout's parcel, composed by the app), mounted the first time the panel opens. */
  promo?: ReactNode;
}) {
  const { brand } = useShell();
  const model = brandOf(brand);
  const items = sidebarItems(model);
  const [promoSeen, setPromoSeen] = useState(false);
  const rail = useRef<HTMLElement>(null);
  useRailHover(rail, onHover);
  useEffect(() => {
    if (open) setPromoSeen(true);
  }, [open]);
  return (
    <nav
      ref={rail}
      id="shell-sidebar"
      className={cx(styles.sidebar, open && styles.sidebarOpen)}
      aria-label="Main"
      data-testid="shell-sidebar"
      data-open={open}
    >
      <div className={styles.drawerHead}>
        <span className={headerStyles.logo}>
          <span className={headerStyles.logoMark} aria-hidden="true">
            <Icon name="chat" size={16} />
          </span>
          {model.name}
        </span>
        <button type="button" className={headerStyles.iconButton} aria-label="Close menu" onClick={onClose}>
          <Icon name="close" />
        </button>
      </div>
      <ActionLink
        href="/create-character"
        requires={CREATE_CHARACTER_REQUIRES}
        source="sidebar"
        className={cx(styles.navItem, styles.createButton)}
        aria-current={isCurrentPath(PATHS.createCharacter.pattern, pathname) ? 'page' : undefined}
        onNavigate={onNavigate}
      >
        <span className={styles.navIcon}>
          <Icon name="create" />
        </span>
        <span className={styles.navLabel}>Create Character</span>
      </ActionLink>
      {items.map((item) => (
        <ActionLink
          key={item.id}
          href={item.href}
          requires={item.requires}
          source="sidebar"
          className={cx(styles.navItem, item.id === 'contact-us' && styles.contactItem)}
          aria-current={isCurrentPath(item.href, pathname) ? 'page' : undefined}
          onNavigate={onNavigate}
          data-nav-id={item.id}
        >
          <span className={styles.navIcon}>
            <Icon name={item.icon} />
          </span>
          <span className={styles.navLabel}>
            {item.label}
            {item.isNew && <Badge>New</Badge>}
          </span>
          {item.isNew && <span className={styles.newDot} aria-hidden="true" />}
        </ActionLink>
      ))}
      {/* Checkout's promo banners, loaded the first time the panel opens: no bytes on first load. */}
      {promoSeen && promo && <div className={styles.promo}>{promo}</div>}
      <div className={styles.sidebarFooter}>
        <ActionLink href="/legal/terms-of-service" source="sidebar" onNavigate={onNavigate}>
          Terms of Service
        </ActionLink>
        <ActionLink href="/legal/privacy-policy" source="sidebar" onNavigate={onNavigate}>
          Privacy Policy
        </ActionLink>
      </div>
    </nav>
  );
}
