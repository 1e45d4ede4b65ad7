import { sessionStore } from '@companion/remote-kit';

/**
 * The box a buyer finds on leaving a tokens paywall without buying (ADR 0430): 'offer' when the paywall was
 * opened with an offer (a time-bomb or banner offer: 'Your Exclusive Offer'), else 'base' ('Your extra discount').
 */
export function exitBoxVariant(openedWithOffer: boolean): 'base' | 'offer' {
  return openedWithOffer ? 'offer' : 'base';
}

/** Once per tab: the box found on leaving a tokens paywall (the next paywall closes plainly). */
export const exitBoxFound = sessionStore<true>('checkout:mystery-box-found', (raw) =>
  raw === true ? true : null,
);
