import type { RemoteBus } from '@companion/contracts';

/** Publishes an analytics event; the shell forwards it to the trackers. */
export function track(
  bus: RemoteBus,
  name: string,
  properties: Record<string, string | number | boolean | null> = {},
): void {
  bus.publish('analytics:event-tracked', { name, properties: { source: 'explore', ...properties } });
}
