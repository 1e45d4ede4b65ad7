import { installAnalyticsBatch, toWireEvent, type WireEvent } from './analytics-batch.ts';
import { startAdPixels } from './ad-pixels.ts';
import { ATTRIBUTION_DETAILS_KEY, sendAttribution } from './attribution-record.ts';
import { createClickIdApi } from './click-ids.ts';
import type { TrackingDeps } from './install-tracking.ts';
import { createBrowserPixels } from './pixel-loader.ts';
import { readPixelConfig } from './pixel-rules.ts';
import type { EarlyAnalytics, TrackedFact } from './tracking-state.ts';

const ATTRIBUTION_KEY = 'persist:attribution';

/** The stored utm source: the session's attribution, else the last capture's (kept for non-NSFW visitors too). */
function storedUtmSource(storage: Pick<Storage, 'getItem'>): string | null {
  const direct = storage.getItem(ATTRIBUTION_KEY)?.trim();
  if (direct) return direct;
  try {
    const details = JSON.parse(storage.getItem(ATTRIBUTION_DETAILS_KEY) ?? 'null') as {
      utmSource?: unknown;
    } | null;
    return typeof details?.utmSource === 'string' ? details.utmSource : null;
  } catch {
    return null;
  }
}

/**
 * The lazy half of tracking (ADR 0241): analytics batching (taking over the events kept before it loaded), the ad
 * pixels of the networks this visit belongs to, and the attribution record.
 */
export function startTracking(
  deps: TrackingDeps & { early: readonly TrackedFact[]; analytics: readonly EarlyAnalytics[] },
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
  const stopPixels = startAdPixels({
    bus: deps.bus,
    history: deps.history,
    config: readPixelConfig(document),
    sink: createBrowserPixels(),
    clickIds: createClickIdApi(deps.transport),
    storage: localStorage,
    storedUtmSource: storedUtmSource(localStorage),
    userAgent: navigator.userAgent,
    cookies: () => document.cookie,
    early: deps.early,
  });
  const stopAttribution = sendAttribution({
    bus: deps.bus,
    transport: deps.transport,
    storage: localStorage,
    url: window.location.href,
    fingerprint: deps.fingerprint,
  });
  return () => {
    stopAnalytics();
    stopPixels();
    stopAttribution();
  };
}
