import { useBus, useTrack, useVisitor } from '@companion/remote-kit';
import { Icon } from '@companion/ui';
import { bannersFor } from '../banners.ts';
import * as styles from './sidebar-banners.css.ts';

/**
 * The left panel's promo banners (001 §2 "Other offer surfaces", §9 table): two per user period, each tracking its
 * `banner_…_clicked` event and asking the shell for the paywall with its product.
 */
export function SidebarBanners() {
  const { user } = useVisitor();
  const bus = useBus();
  const track = useTrack();
  if (!user) return null;
  return (
    <div className={styles.stack} data-testid="sidebar-banners" data-period={user.periodInMonths}>
      {bannersFor(user.periodInMonths).map((banner) => (
        <button
          key={banner.id}
          type="button"
          className={banner.paywallType === 'tokens' ? styles.tokens : styles.subscription}
          data-banner-id={banner.id}
          onClick={() => {
            track(banner.event, { placement: 'left_panel', product_id: banner.productId });
            bus.publish('paywall:open-requested', {
              paywallType: banner.paywallType,
              source: 'left_panel_banner',
              productId: banner.productId,
            });
          }}
        >
          <span className={styles.icon} aria-hidden="true">
            <Icon name={banner.paywallType === 'tokens' ? 'tokens' : 'premium'} size={18} />
          </span>
          <span className={styles.text}>
            <span className={styles.title}>{banner.title}</span>
            <span className={styles.subtitle}>{banner.subtitle}</span>
          </span>
          <span className={styles.chevron} aria-hidden="true">
            <Icon name="chevron" size={16} />
          </span>
        </button>
      ))}
    </div>
  );
}
