import { Countdown, Skeleton } from '@companion/ui';
import type { User } from '@companion/contracts';
import { useEffect } from 'react';
import { useBus, useBusState } from '@companion/remote-kit';
import { selectTimeBombOffer, TIME_BOMB_SECONDS } from '../lib/time-bomb-offer.ts';
import { useOpenOffer } from '../hooks/use-open-offer.ts';
import * as styles from './time-bomb-banner.css.ts';

/** The time-bomb timer's id: one record per visitor device, kept across reloads by the shell (001 §3). */
const TIME_BOMB_TIMER_ID = 'time-bomb';

/**
 * The time-bomb banner (000 §4): the offer for the user's period with a looping 9:59 countdown; a click tracks
 * the offer's event and asks the shell for the paywall with it.
 */
export function TimeBombBanner({ user }: { user: User | null | undefined }) {
  const bus = useBus();
  const openOffer = useOpenOffer();
  const timer = useBusState('timers:changed')?.timers[TIME_BOMB_TIMER_ID];
  // Started once; after a reload the countdown continues from the recorded start and loops at 0:00.
  useEffect(() => bus.publish('timer:start-requested', { id: TIME_BOMB_TIMER_ID }), [bus]);
  // The slot keeps its height while the user loads, so the grid below never moves.
  if (user === undefined) return <Skeleton className={styles.slot} />;
  if (user === null) return null;
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
