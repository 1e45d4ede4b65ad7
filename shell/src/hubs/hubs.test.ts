import { createAppBus } from '@companion/event-bus';
import { describe, expect, it, vi } from 'vitest';
import type { HubSession, LoadedHubConnections } from './hub-facts.ts';
import { createHubs } from './hubs.ts';

const session: HubSession = {
  hubAccessToken: async () => 'token',
  resetAfterHubGone: async () => undefined,
  applyRegistration: async () => undefined,
};

/** Connections that record what the facade asked of them. */
function fakeConnections() {
  const calls: string[] = [];
  const observers: { next(value: unknown): void }[] = [];
  const connections: LoadedHubConnections = {
    state: () => 'Connected',
    invoke: async <T>(hub: string, method: string) => {
      calls.push(`invoke ${hub} ${method}`);
      return 'answer' as T;
    },
    stream: (hub, method) => {
      calls.push(`stream ${hub} ${method}`);
      return {
        subscribe(observer) {
          observers.push(observer as { next(value: unknown): void });
          return { dispose: () => calls.push('dispose') };
        },
      };
    },
    start: () => calls.push('start'),
    listenedBus: (view) => view,
    stop: async () => void calls.push('stop'),
    wantNotifications: () => calls.push('want notifications'),
  };
  const load = vi.fn(async () => ({ createHubConnections: () => connections }));
  return { calls, observers, load };
}

describe('hubs until their chunk is needed (ADR 0275)', () => {
  it('should load nothing for state, start or a listener of any other fact; every hub is Disconnected', async () => {
    const bus = createAppBus();
    const fake = fakeConnections();
    const hubs = createHubs({ bus, session, load: fake.load });
    hubs.start();
    hubs.listenedBus(bus.as('explore')).subscribe('character:unlocked', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fake.load).not.toHaveBeenCalled();
    expect(hubs.state('paymentNotificationHub')).toBe('Disconnected');
    await hubs.stop();
  });

  it('should load on a listened notification fact, start the connections and open the notification hubs', async () => {
    const bus = createAppBus();
    const fake = fakeConnections();
    const hubs = createHubs({ bus, session, load: fake.load });
    hubs.start();
    const listener = vi.fn();
    hubs.listenedBus(bus.as('checkout')).subscribe('payment:notification-received', listener);
    await vi.waitFor(() => expect(fake.calls).toEqual(['start', 'want notifications']));
    expect(hubs.state('paymentNotificationHub')).toBe('Connected');
    // The listener is on the bus itself: what the connections publish reaches it.
    const notification = { orderId: 'o1' } as never;
    bus.publish('payment:notification-received', { notification });
    expect(listener).toHaveBeenCalledWith({ notification });
    await hubs.stop();
    expect(fake.calls.at(-1)).toBe('stop');
    expect(fake.load).toHaveBeenCalledTimes(1);
  });

  it('should pass a call and a stream through once loaded, and drop a stream disposed before that', async () => {
    const bus = createAppBus();
    const fake = fakeConnections();
    const hubs = createHubs({ bus, session, load: fake.load });
    const dropped = hubs
      .stream('chatHub', 'Early')
      .subscribe({ next: vi.fn(), error: vi.fn(), complete: vi.fn() });
    dropped.dispose();
    const next = vi.fn();
    hubs.stream('chatHub', 'Reply').subscribe({ next, error: vi.fn(), complete: vi.fn() });
    expect(await hubs.invoke('chatHub', 'Send')).toBe('answer');
    await vi.waitFor(() => expect(fake.observers).toHaveLength(1));
    fake.observers[0]!.next('text');
    expect(next).toHaveBeenCalledWith('text');
    expect(fake.calls).toEqual(['stream chatHub Reply', 'invoke chatHub Send']);
    // Loaded: straight to the connections' own stream.
    hubs.stream('chatHub', 'Later');
    expect(fake.calls.at(-1)).toBe('stream chatHub Later');
  });

  it('should fail a stream whose chunk did not load', async () => {
    const hubs = createHubs({
      bus: createAppBus(),
      session,
      load: () => Promise.reject(new Error('offline')),
    });
    const error = vi.fn();
    hubs.stream('chatHub', 'Reply').subscribe({ next: vi.fn(), error, complete: vi.fn() });
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith(new Error('offline')));
  });
});
