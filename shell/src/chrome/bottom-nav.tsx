import { Skeleton, Icon } from '@companion/ui';
import { useShell } from '../app/shell-context.tsx';
import { brandOf } from '../brand/brand.ts';
import { ActionLink } from './action-link.tsx';
import { bottomNavShown } from './chrome-rules.ts';
import * as styles from './bottom-nav.css.ts';
import { bottomNavItems, isCurrentPath } from './nav-items.ts';
import { useVisitor } from './use-visitor.ts';

/**
 * Bottom navigation at tablet size (000 §2.5): Explore, Chat, Create, Gallery, then Tokens for subscribers or
 * Premium. Skeletons until the user is known; each click is tracked with source navbar and carries the item id
 * as link state.
 */
export function BottomNav({ pathname }: { pathname: string }) {
  const { bus, brand } = useShell();
  const { userKnown, subscribed } = useVisitor();
  if (!bottomNavShown(pathname)) return null;
  const items = bottomNavItems(brandOf(brand), subscribed);
  return (
    <nav className={styles.bottomNav} aria-label="Bottom navigation" data-testid="shell-bottom-nav">
      {!userKnown
        ? items.map((item) => (
            <div
              key={item.id}
              className={styles.bottomSkeleton}
              data-testid="bottom-nav-skeleton"
              aria-hidden="true"
            >
              <Skeleton shape="circle" width={24} height={24} />
              <Skeleton width={36} height={8} />
            </div>
          ))
        : items.map((item) => (
            <ActionLink
              key={item.id}
              href={item.href}
              requires={item.requires}
              source="navbar"
              state={{ source: 'navbar', navItemId: item.id }}
              className={styles.bottomNavItem}
              aria-label={item.ariaLabel}
              aria-current={isCurrentPath(item.href, pathname) ? 'page' : undefined}
              data-nav-id={item.id}
              onClick={() =>
                bus.publish('analytics:event-tracked', {
                  name: 'navbar_click',
                  properties: { source: 'navbar', item: item.id },
                })
              }
            >
              {item.id === 'create' ? (
                <span className={styles.bottomCreate}>
                  <Icon name="create" size={22} />
                </span>
              ) : (
                <Icon name={item.icon} size={22} />
              )}
              {item.id !== 'create' && item.label}
              {item.isNew && <span className={styles.bottomBadge}>New</span>}
            </ActionLink>
          ))}
    </nav>
  );
}
