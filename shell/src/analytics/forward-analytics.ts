import type { ShellBus } from '@companion/contracts';

/** The page's tag-manager queue (Google Tag Manager's `dataLayer` convention); trackers read it. */
export interface DataLayerHost {
  dataLayer?: Record<string, unknown>[];
}

/**
 * Forwards every `analytics:event-tracked` (the shell's own and each remote's, tagged with its `source`) to the
 * page's `dataLayer` as `{ event, ...properties }`, so trackers configured in the tag manager receive them.
 */
export function forwardAnalytics(bus: ShellBus, host: DataLayerHost = window as DataLayerHost): () => void {
  const subscription = bus.subscribe('analytics:event-tracked', ({ name, properties }) => {
    host.dataLayer ??= [];
    host.dataLayer.push({ event: name, ...properties });
  });
  return () => subscription.unsubscribe();
}
