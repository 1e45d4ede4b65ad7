import type { HubConnectionState } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { describe, expect, it, vi } from 'vitest';
import {
  HUB_KEEP_ALIVE_MS,
  HUB_RECONNECT_DELAYS_MS,
  HUB_SERVER_TIMEOUT_MS,
  createHubConnections,
} from './hub-connections.ts';
import { readHubEndpoint } from './hub-facts.ts';

/** A stand-in for `@microsoft/signalr` that records what the builder was told and lets tests drive events. */
function fakeSignalR(options: { failStart?: (url: string) => unknown } = {}) {
  const built: {
    url: string;
    options: Record<string, unknown>;
    reconnect: unknown;
    serverTimeout: number;
    keepAlive: number;
    handlers: Map<string, (payload: unknown) => void>;
    connection: { state: string; stop: ReturnType<typeof vi.fn> };
    close?: () => void;
  }[] = [];
  class HubConnectionBuilder {
    private record = { handlers: new Map() } as (typeof built)[number];
    withUrl(url: string, opts: Record<string, unknown>) {
      Object.assign(this.record, { url, options: opts });
      return this;
    }
    withAutomaticReconnect(delays: unknown) {
      this.record.reconnect = delays;
      return this;
    }
    withServerTimeout(ms: number) {
      this.record.serverTimeout = ms;
      return this;
    }
    withKeepAliveInterval(ms: number) {
      this.record.keepAlive = ms;
      return this;
    }
    configureLogging() {
      return this;
    }
    build() {
      const record = this.record;
      const connection = {
        state: 'Disconnected',
        start: vi.fn(async () => {
          await (record.options['accessTokenFactory'] as () => Promise<string>)();
          const failure = options.failStart?.(record.url);
          if (failure) throw failure;
          connection.state = 'Connected';
        }),
        stop: vi.fn(async () => {
          connection.state = 'Disconnected';
        }),
        on: (name: string, fn: (payload: unknown) => void) => record.handlers.set(name, fn),
        onreconnecting: vi.fn(),
        onreconnected: vi.fn(),
        onclose: (fn: () => void) => (record.close = fn),
        invoke: vi.fn(async (method: string, ...args: unknown[]) => ({ method, args })),
        stream: vi.fn(() => ({ subscribe: vi.fn(() => ({ dispose: vi.fn() })) })),
      };
      record.connection = connection;
      built.push(record);
      return connection;
    }
  }
  return { module: { HubConnectionBuilder, LogLevel: { Warning: 3 } } as never, built };
}

const session = () => ({
  hubAccessToken: vi.fn(async () => 'tkn'),
  resetAfterHubGone: vi.fn(async () => {}),
  applyRegistration: vi.fn(async () => {}),
});

/** What checkout does on mount: listen for a payment's outcome through its bus view. */
function listenForPayments(
  hubs: ReturnType<typeof createHubConnections>,
  bus: ReturnType<typeof createAppBus>,
) {
  hubs.listenedBus(bus.as('checkout')).subscribe('payment:notification-received', () => undefined);
}

describe('hub connections', () => {
  it('should not load the SignalR client until a remote listens to a notification fact (ADR 0236)', async () => {
    const bus = createAppBus();
    const signalR = fakeSignalR();
    const load = vi.fn(async () => signalR.module);
    const hubs = createHubConnections({ bus, session: session(), load });
    hubs.start();
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    const view = hubs.listenedBus(bus.as('explore'));
    view.subscribe('character:unlocked', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(load).not.toHaveBeenCalled();
    view.subscribe('registration:notification-received', () => undefined);
    await vi.waitFor(() => expect(signalR.built).toHaveLength(2));
    // From then on a new user's session reopens them without waiting for another listener.
    bus.publish('session:changed', { status: 'registered', userId: 'u2', isSoftDeleted: false });
    await vi.waitFor(() => expect(signalR.built).toHaveLength(4));
    await hubs.stop();
  });

  it('should open each hub at {host}/{hub name} with a configurable host and an optional suffix (000 §7)', async () => {
    const doc = document.implementation.createHTMLDocument('');
    expect(readHubEndpoint(doc)).toEqual({ host: '/hubs', suffix: '' });
    doc.head.innerHTML =
      '<meta name="companion-hub-host" content="https://rt.example.com/"><meta name="companion-hub-suffix" content="?v=2">';
    const endpoint = readHubEndpoint(doc);
    const signalR = fakeSignalR();
    const bus = createAppBus();
    const hubs = createHubConnections({
      bus,
      session: session(),
      endpoint,
      load: async () => signalR.module,
    });
    hubs.start();
    listenForPayments(hubs, bus);
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    await vi.waitFor(() => expect(signalR.built).toHaveLength(2));
    expect(signalR.built.map((b) => b.url).sort()).toEqual([
      'https://rt.example.com/paymentNotificationHub?v=2',
      'https://rt.example.com/registrationNotificationHub?v=2',
    ]);
    await hubs.stop();
  });

  it('should open the notification hubs with the spec reconnect delays, timeouts and bearer token', async () => {
    const bus = createAppBus();
    const signalR = fakeSignalR();
    const s = session();
    const hubs = createHubConnections({ bus, session: s, load: async () => signalR.module });
    const states: string[] = [];
    bus.subscribe('hub:state-changed', (e) => states.push(`${e.hub}:${e.state}`));
    hubs.start();
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    listenForPayments(hubs, bus);
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    await vi.waitFor(() => expect(hubs.state('registrationNotificationHub')).toBe('Connected'));
    expect(signalR.built.map((b) => b.url).sort()).toEqual([
      '/hubs/paymentNotificationHub',
      '/hubs/registrationNotificationHub',
    ]);
    for (const b of signalR.built) {
      expect(b.reconnect).toEqual([0, 2000, 10000, 30000]);
      expect(b.serverTimeout).toBe(30000);
      expect(b.keepAlive).toBe(15000);
      expect(b.options).toMatchObject({ withCredentials: true, timeout: 100000 });
    }
    expect([HUB_RECONNECT_DELAYS_MS, HUB_SERVER_TIMEOUT_MS, HUB_KEEP_ALIVE_MS]).toEqual([
      [0, 2000, 10000, 30000],
      30000,
      15000,
    ]);
    expect(s.hubAccessToken).toHaveBeenCalled();
    expect(states).toContain('paymentNotificationHub:Connected');
    expect(hubs.state('chatHub')).toBe('Disconnected');
  });

  it('should republish hub events on the bus and hand registrations to the session', async () => {
    const bus = createAppBus();
    const signalR = fakeSignalR();
    const s = session();
    const hubs = createHubConnections({ bus, session: s, load: async () => signalR.module });
    hubs.start();
    listenForPayments(hubs, bus);
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    await vi.waitFor(() => expect(signalR.built).toHaveLength(2));
    const payments = vi.fn();
    const registrations = vi.fn();
    bus.subscribe('payment:notification-received', payments);
    bus.subscribe('registration:notification-received', registrations);
    const byUrl = (end: string) => signalR.built.find((b) => b.url.endsWith(end))!;
    byUrl('paymentNotificationHub').handlers.get('PaymentNotification')!({ success: true, amountPaid: 999 });
    const notification = { userId: 'u1', tokens: { accessToken: 'a', refreshToken: 'r' } };
    byUrl('registrationNotificationHub').handlers.get('RegistrationNotification')!(notification);
    expect(payments).toHaveBeenCalledWith({ notification: { success: true, amountPaid: 999 } });
    expect(registrations).toHaveBeenCalledWith({ notification });
    expect(s.applyRegistration).toHaveBeenCalledWith(notification);
    byUrl('paymentNotificationHub').close!();
    expect(bus.current('hub:state-changed')).toEqual({
      hub: 'paymentNotificationHub',
      state: 'Disconnected',
    });
  });

  it('should open chatHub on first invoke and reopen everything for a new user', async () => {
    const bus = createAppBus();
    const signalR = fakeSignalR();
    const hubs = createHubConnections({ bus, session: session(), load: async () => signalR.module });
    hubs.start();
    listenForPayments(hubs, bus);
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    await expect(hubs.invoke('chatHub', 'Add', 1, 2)).resolves.toEqual({ method: 'Add', args: [1, 2] });
    expect(signalR.built.filter((b) => b.url === '/hubs/chatHub')).toHaveLength(1);
    bus.publish('session:changed', { status: 'registered', userId: 'u2', isSoftDeleted: false });
    await vi.waitFor(() => expect(signalR.built).toHaveLength(6));
    expect(signalR.built.slice(0, 3).every((b) => b.connection.stop.mock.calls.length === 1)).toBe(true);
    await vi.waitFor(() => expect(hubs.state('chatHub')).toBe('Connected' satisfies HubConnectionState));
  });

  it('should start a stream on a connected hub in the same task, and wait for the connection otherwise (ADR 0255)', async () => {
    const bus = createAppBus();
    const signalR = fakeSignalR();
    const hubs = createHubConnections({ bus, session: session(), load: async () => signalR.module });
    hubs.start();
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    const observer = { next: vi.fn(), error: vi.fn(), complete: vi.fn() };
    // Not connected yet: the stream waits for the connection.
    const first = hubs.stream('chatHub', 'SendMessage', 'c1', 'hello');
    first.subscribe(observer);
    await vi.waitFor(() => expect(hubs.state('chatHub')).toBe('Connected'));
    const stream = signalR.built.find((b) => b.url === '/hubs/chatHub')!.connection as unknown as {
      stream: ReturnType<typeof vi.fn>;
    };
    await vi.waitFor(() => expect(stream.stream).toHaveBeenCalledTimes(1));
    // Connected: the invocation is handed to SignalR before subscribe returns.
    hubs.stream('chatHub', 'SendMessage', 'c1', 'again').subscribe(observer);
    expect(stream.stream).toHaveBeenLastCalledWith('SendMessage', 'c1', 'again');
    const result = stream.stream.mock.results.at(-1)!.value as { subscribe: ReturnType<typeof vi.fn> };
    expect(result.subscribe).toHaveBeenCalledWith(observer);
    await hubs.stop();
  });

  it('should reset the session on a 410 connect failure and only log other failures', async () => {
    const bus = createAppBus();
    const gone = Object.assign(new Error('Gone'), { statusCode: 410 });
    const signalR = fakeSignalR({
      failStart: (url) => (url.endsWith('paymentNotificationHub') ? gone : null),
    });
    const s = session();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hubs = createHubConnections({ bus, session: s, load: async () => signalR.module });
    hubs.start();
    listenForPayments(hubs, bus);
    bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
    await vi.waitFor(() => expect(s.resetAfterHubGone).toHaveBeenCalledTimes(1));
    expect(s.resetAfterHubGone).toHaveBeenCalledWith('tkn');
    expect(hubs.state('registrationNotificationHub')).toBe('Connected');

    const other = fakeSignalR({ failStart: () => Object.assign(new Error('x'), { statusCode: 500 }) });
    const s2 = session();
    const hubs2 = createHubConnections({ bus: createAppBus(), session: s2, load: async () => other.module });
    hubs2.start();
    // A fresh bus: publish on it through the hubs' own subscription.
    warn.mockClear();
    await hubs2.invoke('chatHub', 'x').catch(() => {});
    expect(s2.resetAfterHubGone).not.toHaveBeenCalled();
    warn.mockRestore();
  });
});
