import { useEffect } from 'react';
import { runAttributionCapture } from './nsfw.ts';

/** Attribution capture (000 §4): once per page load here, once per browser session inside the rule. */
export function useAttributionCapture(): void {
  useEffect(() => {
    runAttributionCapture(localStorage, sessionStorage, {
      search: window.location.search,
      referrer: document.referrer,
      host: window.location.hostname,
    });
  }, []);
}
