import { useCallback } from 'react';
import { useMountProps } from '../remote-context.tsx';

/** Properties of one analytics event. */
export type TrackProperties = Record<string, string | number | boolean | null>;

/**
 * Publishes analytics events tagged with this remote as `source` (a property of the call wins); the shell
 * forwards `analytics:event-tracked` to the page's trackers.
 */
export function useTrack(): (name: string, properties?: TrackProperties) => void {
  const { bus, remote } = useMountProps();
  return useCallback(
    (name, properties = {}) =>
      bus.publish('analytics:event-tracked', { name, properties: { source: remote, ...properties } }),
    [bus, remote],
  );
}
