import { startAdPixels } from './ad-pixels.ts';
import { createClickIdApi } from './click-ids.ts';
import type { TrackingDeps } from './install-tracking.ts';
import { createBrowserPixels } from './pixel-loader.ts';
import type { PixelConfig } from './pixel-rules.ts';
import type { TrackedFact } from './tracking-state.ts';

/**
 * The `ad-pixels` chunk (ADR 0275): loaded by the tracking chunk only when a configured network matches the visit
 * (or an earlier one), so most pages never download the pixel code.
 */
export function startPixels(
  deps: TrackingDeps & { config: PixelConfig; landingSearch: string; early: readonly TrackedFact[] },
): () => void {
  return startAdPixels({
    bus: deps.bus,
    history: deps.history,
    config: deps.config,
    sink: createBrowserPixels(),
    clickIds: createClickIdApi(deps.transport),
    storage: localStorage,
    visit: sessionStorage,
    landingSearch: deps.landingSearch,
    userAgent: navigator.userAgent,
    cookies: () => document.cookie,
    early: deps.early,
  });
}
