import { Skeleton } from '@companion/ui';
import type { User } from '@companion/contracts';
import { useEffect } from 'react';
import { deferredComponent, useBus } from '@companion/remote-kit';
import { TIME_BOMB_TIMER_ID } from '../lib/time-bomb-timer.ts';
import * as styles from './time-bomb-banner.css.ts';

/**
 * The offer card and its countdown in a chunk of their own: it shows once the user is known, which takes the
 * session's calls anyway, so the main page's first load (which its server-rendered first screen no longer waits
 * for) does without them (ADR 0453).
 */
const OfferCard = deferredComponent(() =>
  import(/* webpackChunkName: "time-bomb" */ './time-bomb-offer-card.tsx').then(
    (module) => module.TimeBombOfferCard,
  ),
);

/**
 * The time-bomb banner's slot (000 §4): the offer for the user's period with a looping 9:59 countdown
 * (`TimeBombOfferCard`); nothing for a visitor without a user.
 */
export function TimeBombBanner({ user }: { user: User | null | undefined }) {
  const bus = useBus();
  // Started once; after a reload the countdown continues from the recorded start and loops at 0:00.
  useEffect(() => bus.publish('timer:start-requested', { id: TIME_BOMB_TIMER_ID }), [bus]);
  // Fetched once the page is alive, beside the session's calls, so it is here when the user is.
  const Card = OfferCard.useLoaded(user !== null);
  if (user === null) return null;
  // The slot keeps its height while the user and the card load, so the grid below never moves.
  if (!user || !Card) return <Skeleton className={styles.slot} />;
  return <Card user={user} />;
}
