import { useEffect } from 'react';
import { AuthStore } from '../session/auth-store.ts';
import { runAttributionCapture } from './nsfw.ts';
import { pickTracking } from './tracking-params.ts';

/**
 * 000 §3 "analytics params": the tracking parameters a visit arrived with are kept (`persist:analytics`), so a
 * later conversion still knows its campaign after the query is gone. A visit without any keeps the last ones.
 */
export function storeAnalyticsParams(storage: Storage, search: string): void {
  const params = pickTracking(search);
  if (params.length > 0) new AuthStore(storage).setAnalyticsParams(Object.fromEntries(params));
}

/** Attribution capture (000 §4): once per page load here, once per browser session inside the rule. */
export function useAttributionCapture(): void {
  useEffect(() => {
    storeAnalyticsParams(localStorage, window.location.search);
    runAttributionCapture(localStorage, sessionStorage, {
      search: window.location.search,
      referrer: document.referrer,
      host: window.location.hostname,
    });
  }, []);
}
