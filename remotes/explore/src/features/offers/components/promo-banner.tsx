import { useBus, useTrack } from '@companion/remote-kit';
import type { PromoBanner as PromoBannerData } from '../lib/promo-banners.ts';
import * as styles from './promo-banner.css.ts';

/** A grid banner: tracks its event and asks the shell for the paywall with its offer. */
export function PromoBanner({ banner }: { banner: PromoBannerData }) {
  const bus = useBus();
  const track = useTrack();
  const { offer } = banner;
  const onClick = () => {
    track(offer.eventName, offer.eventProperties);
    bus.publish('paywall:open-requested', {
      paywallType: offer.paywallType,
      source: offer.eventProperties.banner_placement,
      offer,
    });
  };
  return (
    <button
      type="button"
      className={offer.paywallType === 'tokens' ? styles.tokens : styles.subscription}
      onClick={onClick}
      data-banner-id={banner.id}
    >
      <span className={styles.text}>
        <span className={styles.headline}>{banner.headline}</span>
        <span className={styles.detail}>{banner.detail}</span>
      </span>
      <span className={styles.cta}>{banner.cta}</span>
    </button>
  );
}
