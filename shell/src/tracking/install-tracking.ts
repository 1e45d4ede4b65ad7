import type { AppHistory, ShellBus, Transport } from '@companion/contracts';
import { TRACKED_FACTS, type EarlyAnalytics, type TrackedFact } from './tracking-state.ts';

/** What both halves of tracking need from the shell. */
export interface TrackingDeps {
  bus: ShellBus;
  history: AppHistory;
  transport: Transport;
  fingerprint: () => Promise<string>;
  /** The stored access token, for beacons (they cannot carry headers). */
  accessToken: () => string | null;
  /** `navigator.sendBeacon` of this JSON text to `POST Event/track`; false when the browser refused it. */
  beacon: (json: string) => boolean;
}

/** Runs `callback` once the page has loaded and the browser is idle: nothing of tracking competes with first paint. */
function whenSettled(callback: () => void): void {
  const idle = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(callback, { timeout: 2000 })
      : setTimeout(callback, 1);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * The first-paint half of tracking (ADR 0241): keeps the analytics events and tracked facts published before the
 * `tracking` chunk loads (after `load` + idle), and beacons the kept analytics if the page is left before that.
 * The chunk (analytics batching, ad pixels, attribution record) takes them over.
 */
export function installTracking(deps: TrackingDeps): void {
  // The query the visitor landed with: the pixels match it even if the page changed it before they loaded.
  const landingSearch = deps.history.location.search;
  const early: TrackedFact[] = [];
  const analytics: EarlyAnalytics[] = [];
  const keep = [
    ...TRACKED_FACTS.map((name) =>
      deps.bus.subscribe(name, (payload) => early.push({ name, payload } as TrackedFact)),
    ),
    deps.bus.subscribe('analytics:event-tracked', ({ name, properties }) =>
      analytics.push({
        name,
        properties,
        at: new Date().toISOString(),
        path: deps.history.location.pathname,
      }),
    ),
  ];
  // A bounce before the chunk loads is what a funnel report counts: send what was kept.
  const leave = () => {
    const events = analytics.splice(0, 50).filter((event) => /^[\w:.-]{1,64}$/.test(event.name));
    const token = deps.accessToken();
    if (events.length > 0) deps.beacon(JSON.stringify(token ? { events, accessToken: token } : { events }));
  };
  window.addEventListener('pagehide', leave);
  whenSettled(() => {
    import(/* webpackChunkName: "tracking" */ './tracking-module.ts').then(
      ({ startTracking }) => {
        window.removeEventListener('pagehide', leave);
        for (const subscription of keep) subscription.unsubscribe();
        startTracking({ ...deps, early, analytics, landingSearch });
      },
      (error: unknown) => console.warn('[tracking] the tracking chunk did not load', error),
    );
  });
}
