import type { BusEventMap } from '@companion/contracts';

// What the first-paint half (`install-tracking.ts`) and the lazy chunk share: kept small, it ships before paint.

/** An analytics event kept before the chunk loaded: what was published, when and where. */
export interface EarlyAnalytics {
  name: string;
  properties: BusEventMap['analytics:event-tracked']['properties'];
  at: string;
  path: string;
}

/** The bus facts the pixels report. */
export const TRACKED_FACTS = [
  'account:signed-up',
  'cart:product-added',
  'checkout:opened',
  'payment:succeeded',
] as const;
type TrackedFactName = (typeof TRACKED_FACTS)[number];
/** One tracked fact, as kept before the tracking chunk loaded. */
export type TrackedFact = { [K in TrackedFactName]: { name: K; payload: BusEventMap[K] } }[TrackedFactName];
