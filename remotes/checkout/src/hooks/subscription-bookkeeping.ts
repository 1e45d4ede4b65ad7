/** 000 §9 "Subscription bookkeeping debounce 500 ms". */
export const SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS = 500;

/** The caches a subscription change or a payment makes stale (001 §4 "On success", "After cancel or renew"). */
export const SUBSCRIPTION_CACHES = ['subscription|*', 'cards|*', 'products|*', 'offers|upsell|*'] as const;

/**
 * Subscription bookkeeping (001 §4: after a payment, a cancel, a renew or a plan update the subscription, the user,
 * the cards and the product lists are refetched): requests within 500 ms of each other run once, 500 ms after the
 * last, with the union of their caches, so a payment's hub notification, its poll answer and the panel's own refresh
 * cost one round of refetches (ADR 0430).
 */
export function createBookkeeping(
  run: (caches: ReadonlySet<string>, source: string) => void,
  waitMs = SUBSCRIPTION_BOOKKEEPING_DEBOUNCE_MS,
) {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let caches = new Set<string>();
  let source = '';
  const fire = () => {
    timer = null;
    const due = caches;
    caches = new Set();
    run(due, source);
  };
  return {
    request(requested: readonly string[], from: string) {
      for (const cache of requested) caches.add(cache);
      source = from;
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(fire, waitMs);
    },
    /** Runs a pending request now (a remote unmounting keeps what it asked for). */
    flush() {
      if (timer === null) return;
      clearTimeout(timer);
      fire();
    },
  };
}
