import { useBus, useInvalidate } from '@companion/remote-kit';
import { createBookkeeping } from './subscription-bookkeeping.ts';

// One bookkeeper for the remote, so the payment pipeline, the offers and the subscription panel coalesce together;
// it runs with the bus and cache of the latest caller (one remote, one of each).
let latest: (caches: Set<string>, source: string) => void = () => undefined;
const request = createBookkeeping((caches, source) => latest(caches, source));

/**
 * Asks for the subscription bookkeeping (000 §9, 500 ms debounce): the given caches are invalidated and the user
 * (subscription, period, saved card) is refetched once per burst of requests.
 */
export function useSubscriptionBookkeeping(): (caches: readonly string[], source: string) => void {
  const bus = useBus();
  const invalidate = useInvalidate();
  latest = (caches, source) => {
    caches.forEach(invalidate);
    bus.publish('user:refresh-requested', { source });
  };
  return request;
}
