import type { PromoBanner as PromoBannerData } from '../lib/promo-banners.ts';
import { useOpenOffer } from '../hooks/use-open-offer.ts';
import * as styles from './promo-banner.css.ts';

/** A grid banner: tracks its event and asks the shell for the paywall with its offer. */
export function PromoBanner({ banner }: { banner: PromoBannerData }) {
  const openOffer = useOpenOffer();
  const { offer } = banner;
  return (
    <button
      type="button"
      className={offer.paywallType === 'tokens' ? styles.tokens : styles.subscription}
      onClick={() => openOffer(offer)}
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
