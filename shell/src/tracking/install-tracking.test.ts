import { describe, expect, it, vi } from 'vitest';
import type { Transport } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { installTracking } from './install-tracking.ts';

const startTracking = vi.fn();
vi.mock('./tracking-module.ts', () => ({ startTracking }));

describe('install tracking (first-paint half)', () => {
  it('should keep analytics and tracked facts until the chunk loads, beacon them if the page is left first', async () => {
    const bus = createAppBus();
    const beacon = vi.fn((_json: string) => true);
    const transport: Transport = { request: vi.fn() };
    installTracking({
      bus,
      history: createAppHistory(window),
      transport,
      fingerprint: async () => 'fp',
      accessToken: () => 'tok',
      beacon,
    });
    bus.publish('analytics:event-tracked', { name: 'quiz_started', properties: { variant: 'quiz-fb' } });
    bus.publish('analytics:event-tracked', { name: 'not storable!', properties: {} });
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const body = JSON.parse(beacon.mock.calls[0]![0] as string) as {
      events: { name: string }[];
      accessToken: string;
    };
    expect(body.accessToken).toBe('tok');
    expect(body.events.map((event) => event.name)).toEqual(['quiz_started']);

    bus.publish('analytics:event-tracked', { name: 'paywall_shown', properties: {} });
    bus.as('checkout').publish('payment:succeeded', {
      orderId: 'o1',
      product: { id: 'p', name: 'P', price: 100, isSubscription: false },
      source: 's',
    });
    await vi.waitFor(() => expect(startTracking).toHaveBeenCalledTimes(1));
    const deps = startTracking.mock.calls[0]![0] as { early: unknown[]; analytics: { name: string }[] };
    expect(deps.analytics.map((event) => event.name)).toEqual(['paywall_shown']);
    expect(deps.early).toEqual([
      { name: 'payment:succeeded', payload: expect.objectContaining({ orderId: 'o1' }) },
    ]);
    // Once the chunk runs, leaving is its batcher's job.
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledTimes(1);
  });
});
