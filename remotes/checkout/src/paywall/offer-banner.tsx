import type { TimeBombOffer } from '@companion/contracts';
import * as styles from './offer-banner.css.ts';

/** The time-bomb offer the paywall was opened with (000 §3): its title, label and discount above the list. */
export function OfferBanner({ offer }: { offer: TimeBombOffer }) {
  return (
    <div
      className={styles.banner}
      data-testid="paywall-offer"
      data-offer-amount={offer.productAmount}
      data-offer-event={offer.eventName}
    >
      <span className={styles.badge}>Limited Offer</span>
      <span className={styles.title}>{offer.productTitle}</span>
      {offer.label && <span className={styles.label}>{offer.label}</span>}
      {offer.discountPercent ? <span className={styles.pill}>{offer.discountPercent}% OFF</span> : null}
    </div>
  );
}
