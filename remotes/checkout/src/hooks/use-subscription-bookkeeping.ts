import { useCallback, useEffect, useRef } from 'react';
import { useBus, useInvalidate } from '@companion/remote-kit';
import { createBookkeeping } from './subscription-bookkeeping.ts';

type Run = (caches: ReadonlySet<string>, source: string) => void;

// One bookkeeper for the remote: the payment pipeline, the offers and the subscription panel coalesce together.
let latest: Run = () => undefined;
const books = createBookkeeping((caches, source) => latest(caches, source));

/**
 * Asks for the subscription bookkeeping (000 §9, 500 ms debounce): the given caches are invalidated and the user
 * (subscription, period, saved card) is refetched once per burst of requests.
 */
export function useSubscriptionBookkeeping(): (caches: readonly string[], source: string) => void {
  const bus = useBus();
  const invalidate = useInvalidate();
  const run = useRef<Run>(() => undefined);
  run.current = (caches, source) => {
    for (const cache of caches) invalidate(cache);
    bus.publish('user:refresh-requested', { source });
  };
  useEffect(() => {
    latest = (caches, source) => run.current(caches, source);
    return () => books.flush();
  }, []);
  return useCallback((caches: readonly string[], source: string) => {
    latest = (c, s) => run.current(c, s);
    books.request(caches, source);
  }, []);
}
