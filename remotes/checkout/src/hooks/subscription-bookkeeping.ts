/** 000 §9 "Subscription bookkeeping debounce 500 ms". */
export const SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS = 500;

/** The caches a subscription change or a payment makes stale (001 §4 "On success", "After cancel or renew"). */
export const SUBSCRIPTION_CACHES = ['subscription|*', 'cards|*', 'products|*', 'offers|upsell|*'];

/**
 * Subscription bookkeeping (001 §4: after a payment, a cancel, a renew or a plan update the subscription, the user,
 * the cards and the product lists are refetched): requests within 500 ms of each other run once, 500 ms after the
 * last, with the union of their caches (ADR 0430).
 */
export function createBookkeeping(run: (caches: Set<string>, source: string) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let caches = new Set<string>();
  let source = '';
  return (requested: readonly string[], from: string) => {
    for (const cache of requested) caches.add(cache);
    source = from;
    clearTimeout(timer);
    timer = setTimeout(() => {
      const due = caches;
      caches = new Set();
      run(due, source);
    }, SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS);
  };
}
