import { Countdown } from '@companion/ui';
import type { User } from '@companion/contracts';
import { useBusState } from '@companion/remote-kit';
import { selectTimeBombOffer, TIME_BOMB_SECONDS } from '../lib/time-bomb-offer.ts';
import { TIME_BOMB_TIMER_ID } from '../lib/time-bomb-timer.ts';
import { useOpenOffer } from '../hooks/use-open-offer.ts';
import * as styles from './time-bomb-banner.css.ts';

/**
 * The time-bomb offer itself (000 §4), for a known user: the offer for their period with a looping 9:59 countdown; a
 * click tracks the offer's event and asks the shell for the paywall with it. Its own chunk (`TimeBombBanner`).
 */
export function TimeBombOfferCard({ user }: { user: User }) {
  const openOffer = useOpenOffer();
  const timer = useBusState('timers:changed')?.timers[TIME_BOMB_TIMER_ID];
  const offer = selectTimeBombOffer({
    periodInMonths: user.periodInMonths,
    weeklyPlanExperiment: user.userFeatures.featureExperimentWeeklyPlan,
  });
  const unit = offer.paywallType === 'tokens' ? 'tokens' : offer.productAmount === 1 ? 'month' : 'months';
  return (
    <button
      type="button"
      className={styles.banner}
      onClick={() => openOffer(offer)}
      data-testid="time-bomb-banner"
      data-offer-amount={offer.productAmount}
      data-paywall-type={offer.paywallType}
    >
      <span className={styles.amount} aria-hidden="true">
        <span className={styles.amountValue}>{offer.productAmount}</span>
        <span className={styles.amountUnit}>{unit}</span>
      </span>
      <span className={styles.body}>
        <span className={styles.titleRow}>
          <span className={styles.title}>{offer.productTitle}</span>
          {offer.discountPercent ? <span className={styles.pill}>{offer.discountPercent}% OFF</span> : null}
        </span>
        {offer.label ? <span className={styles.label}>{offer.label}</span> : null}
      </span>
      <span className={styles.timerBox}>
        <span className={styles.timerCaption}>Offer ends in</span>
        <Countdown
          seconds={TIME_BOMB_SECONDS}
          loop
          {...(timer ? { startedAt: Date.parse(timer.startDate) } : {})}
          className={styles.timer}
          aria-label="Offer ends in"
        />
      </span>
      <span className={styles.cta}>Claim</span>
    </button>
  );
}
