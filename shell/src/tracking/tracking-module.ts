import { installAnalyticsBatch, toWireEvent, type WireEvent } from './analytics-batch.ts';
import { pendingCapture } from './attribution-state.ts';
import type { TrackingDeps } from './install-tracking.ts';
import { activeNetworks, LEGACY_NETWORKS_KEY, readPixelConfig } from './pixel-rules.ts';
import { TRACKED_FACTS, type EarlyAnalytics, type TrackedFact } from './tracking-state.ts';

/**
 * Loads the `ad-pixels` chunk when a configured network matches the visit (ADR 0275, 0420), keeping the tracked
 * facts published until it runs; on every other visit nothing more is fetched. Returns a stop.
 */
function startPixelsWhenNeeded(
  deps: TrackingDeps & { early: readonly TrackedFact[]; landingSearch: string },
): () => void {
  const config = readPixelConfig(document);
  // ADR 0420: a match no longer lasts beyond its visit; the old browser-wide record goes.
  localStorage.removeItem(LEGACY_NETWORKS_KEY);
  const { active } = activeNetworks({
    config,
    visit: sessionStorage,
    searches: [deps.landingSearch, deps.history.location.search],
  });
  if (active.length === 0) return () => {};
  const early = [...deps.early];
  const keep = TRACKED_FACTS.map((name) =>
    deps.bus.subscribe(name, (payload) => early.push({ name, payload } as TrackedFact)),
  );
  let stopped = false;
  let stop = () => {};
  import(/* webpackChunkName: "ad-pixels" */ './start-pixels.ts').then(
    ({ startPixels }) => {
      for (const subscription of keep) subscription.unsubscribe();
      if (!stopped) stop = startPixels({ ...deps, config, early });
    },
    (error: unknown) => console.warn('[tracking] the ad pixels chunk did not load', error),
  );
  return () => {
    stopped = true;
    for (const subscription of keep) subscription.unsubscribe();
    stop();
  };
}

/**
 * The lazy half of tracking (ADR 0241): analytics batching (taking over the events kept before it loaded), the
 * attribution record, and the ad pixels of the networks this visit belongs to (their own chunk, ADR 0275).
 */
export function startTracking(
  deps: TrackingDeps & {
    early: readonly TrackedFact[];
    analytics: readonly EarlyAnalytics[];
    /** The query the page landed with (kept by the first-paint half). */
    landingSearch: string;
  },
): () => void {
  const initial = deps.analytics
    .map((event) => toWireEvent(event, new Date(event.at), event.path))
    .filter((event): event is WireEvent => event !== null);
  const stopAnalytics = installAnalyticsBatch({
    bus: deps.bus,
    send: (events) => deps.transport.request('Event/track', { method: 'POST', body: { events } }),
    beacon: deps.beacon,
    accessToken: deps.accessToken,
    path: () => deps.history.location.pathname,
    page: window,
    initial,
  });
  const stopPixels = startPixelsWhenNeeded(deps);
  // The attribution record loads only with a capture to send (a visit with a utm source or click id, ADR 0275).
  let stopped = false;
  let stopAttribution = () => {};
  if (pendingCapture(localStorage)) {
    const url = window.location.href;
    import(/* webpackChunkName: "attribution" */ './attribution-record.ts').then(
      ({ sendAttribution }) => {
        if (stopped) return;
        stopAttribution = sendAttribution({
          bus: deps.bus,
          transport: deps.transport,
          storage: localStorage,
          url,
          fingerprint: deps.fingerprint,
        });
      },
      (error: unknown) => console.warn('[tracking] the attribution chunk did not load', error),
    );
  }
  return () => {
    stopped = true;
    stopAnalytics();
    stopPixels();
    stopAttribution();
  };
}
