import { useEffect, useMemo } from 'react';
import { useTrack, type TrackProperties } from '@companion/remote-kit';

/** Payment tracking events are debounced by 1000 ms (001 §7, §9). */
export const PAYMENT_TRACKING_DEBOUNCE_MS = 1000;

/**
 * Payment tracking through `analytics:event-tracked`: one call per event name within 1000 ms (the last wins),
 * so a double click or a hub notification plus a poll answer track one event. Pending events flush on unmount.
 */
export function usePaymentTracking(): (name: string, properties?: TrackProperties) => void {
  const track = useTrack();
  const debounced = useMemo(() => {
    const pending = new Map<string, { timer: ReturnType<typeof setTimeout>; properties: TrackProperties }>();
    const fire = (name: string) => {
      const entry = pending.get(name);
      if (!entry) return;
      pending.delete(name);
      track(name, entry.properties);
    };
    const call = (name: string, properties: TrackProperties = {}) => {
      const previous = pending.get(name);
      if (previous) clearTimeout(previous.timer);
      pending.set(name, { properties, timer: setTimeout(() => fire(name), PAYMENT_TRACKING_DEBOUNCE_MS) });
    };
    const flush = () => {
      for (const [name, entry] of [...pending]) {
        clearTimeout(entry.timer);
        fire(name);
      }
    };
    return { call, flush };
  }, [track]);
  useEffect(() => debounced.flush, [debounced]);
  return debounced.call;
}
