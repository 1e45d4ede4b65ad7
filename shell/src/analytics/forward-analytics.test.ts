import { describe, expect, it } from 'vitest';
import { createAppBus } from '@companion/event-bus';
import { forwardAnalytics, type DataLayerHost } from './forward-analytics.ts';

describe('forwardAnalytics', () => {
  it("should push the shell's and remotes' events to the dataLayer with their source", () => {
    const bus = createAppBus();
    const host: DataLayerHost = {};
    const stop = forwardAnalytics(bus, host);
    bus
      .as('explore')
      .publish('analytics:event-tracked', { name: 'clicked', properties: { source: 'explore' } });
    bus.publish('analytics:event-tracked', { name: 'logout', properties: {} });
    stop();
    bus.publish('analytics:event-tracked', { name: 'ignored', properties: {} });
    expect(host.dataLayer).toEqual([{ event: 'clicked', source: 'explore' }, { event: 'logout' }]);
  });
});
