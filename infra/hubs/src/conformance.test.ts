// Conformance: the unmodified @microsoft/signalr client against our server, on each transport.

import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialClient, startHarness } from './testing/harness.ts';
import type { Harness } from './testing/harness.ts';
import { HubError } from './types.ts';
import type { HubDefinition } from './types.ts';

/** What the test hub's stream producer observed, so tests can see that cancel reached it. */
const producer = { aborted: 0, produced: 0 };

const testHub: HubDefinition = {
  methods: {
    Add: (_ctx, a, b) => (a as number) + (b as number),
    Nothing: () => undefined,
    Fail: () => {
      throw new HubError('boom');
    },
    Crash: () => {
      throw new Error('secret detail');
    },
    WhoAmI: (ctx) => ctx.userId,
  },
  streams: {
    async *Tokens(ctx, count) {
      for (let i = 0; i < (count as number); i++) yield `tok${i}`;
      void ctx;
    },
    async *Endless(ctx) {
      try {
        for (let i = 0; !ctx.signal.aborted; i++) {
          producer.produced++;
          yield i;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        if (ctx.signal.aborted) producer.aborted++;
      }
    },
    async *Broken() {
      yield 'first';
      throw new HubError('stream broke');
    },
  },
};

function client(h: Harness, transport: HttpTransportType, token = 'user:alice'): HubConnection {
  return officialClient(h, 'testHub', transport, token);
}

function collect<T>(connection: HubConnection, method: string, ...args: unknown[]): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const items: T[] = [];
    connection.stream<T>(method, ...args).subscribe({
      next: (item) => items.push(item),
      complete: () => resolve(items),
      error: (err) => reject(Object.assign(err as Error, { items })),
    });
  });
}

const transports: Array<[string, HttpTransportType]> = [
  ['WebSockets', HttpTransportType.WebSockets],
  ['LongPolling', HttpTransportType.LongPolling],
];

describe.each(transports)('official client over %s', (_name, transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ hubs: { testHub }, pingIntervalMs: 100, clientTimeoutMs: 2000 });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('should complete the handshake and answer invocations with results, void and errors', async () => {
    const c = client(h, transport);
    await c.start();
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(await c.invoke('Add', 40, 2)).toBe(42);
    expect(await c.invoke('add', 1, 2)).toBe(3);
    expect(await c.invoke('Nothing')).toBeUndefined();
    expect(await c.invoke('WhoAmI')).toBe('alice');
    await expect(c.invoke('Fail')).rejects.toThrow('boom');
    await expect(c.invoke('Crash')).rejects.toThrow(
      "An unexpected error occurred invoking 'Crash' on the server.",
    );
    await c.send('Add', 1, 1); // no reply may come back for a send, or the client would drop the connection
    expect(await c.invoke('Add', 2, 2)).toBe(4);
    await c.stop();
  });

  it('should stream items and then complete', async () => {
    const c = client(h, transport);
    await c.start();
    expect(await collect<string>(c, 'Tokens', 5)).toEqual(['tok0', 'tok1', 'tok2', 'tok3', 'tok4']);
    const failure = await collect<string>(c, 'Broken').catch((e: Error & { items: string[] }) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error & { items: string[] }).items).toEqual(['first']);
    expect((failure as Error).message).toContain('stream broke');
    await c.stop();
  });

  it('should stop the producer when the client disposes a stream', async () => {
    const c = client(h, transport);
    await c.start();
    const before = producer.aborted;
    await new Promise<void>((resolve) => {
      let seen = 0;
      const sub = c.stream<number>('Endless').subscribe({
        next: () => {
          if (++seen === 3) {
            sub.dispose();
            resolve();
          }
        },
        complete: () => {},
        error: () => {},
      });
    });
    await expect.poll(() => producer.aborted).toBe(before + 1);
    // The connection stays usable after a cancel.
    expect(await c.invoke('Add', 1, 1)).toBe(2);
    await c.stop();
  });

  it('should deliver events sent to a user to every connection of that user only', async () => {
    const tab1 = client(h, transport, 'user:bob');
    const tab2 = client(h, transport, 'user:bob');
    const other = client(h, transport, 'user:carol');
    const got: Record<string, unknown[]> = { tab1: [], tab2: [], other: [] };
    tab1.on('PaymentNotification', (p) => got.tab1?.push(p));
    tab2.on('paymentnotification', (p) => got.tab2?.push(p));
    other.on('PaymentNotification', (p) => got.other?.push(p));
    await Promise.all([tab1.start(), tab2.start(), other.start()]);
    await h.hubs.sendToUser('testHub', 'bob', 'PaymentNotification', { id: 7, status: 'Paid' });
    await expect.poll(() => got.tab1!.length + got.tab2!.length).toBe(2);
    expect(got.tab1).toEqual([{ id: 7, status: 'Paid' }]);
    expect(got.other).toEqual([]);
    await Promise.all([tab1.stop(), tab2.stop(), other.stop()]);
  });

  it('should reject an unknown target with an error completion and keep the connection', async () => {
    const c = client(h, transport);
    await c.start();
    await expect(c.invoke('NoSuchMethod')).rejects.toThrow("Unknown hub method 'NoSuchMethod'");
    expect(c.state).toBe(HubConnectionState.Connected);
    expect(await c.invoke('Add', 1, 2)).toBe(3);
    await c.stop();
  });

  it('should close an oversized message with an error and keep serving', async () => {
    const c = client(h, transport);
    const closed = new Promise<Error | undefined>((resolve) => c.onclose(resolve));
    await c.start();
    void c.invoke('Add', 'x'.repeat(40_000), 1).catch(() => {});
    expect((await closed)?.message).toMatch(/maximum size|closed/);
    const next = client(h, transport);
    await next.start();
    expect(await next.invoke('Add', 2, 3)).toBe(5);
    await next.stop();
  });
});

describe('official client: authentication', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ hubs: { testHub } });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('should fail start with 401 for a bad token', async () => {
    const c = client(h, HttpTransportType.WebSockets, 'garbage');
    // The client wraps the HttpError; the shell reads the status from the message.
    await expect(c.start()).rejects.toThrow("Status code '401'");
  });

  it('should fail start with 410 for a soft-deleted user', async () => {
    const c = client(h, HttpTransportType.WebSockets, 'deleted:dave');
    await expect(c.start()).rejects.toThrow("Status code '410'");
  });

  it('should accept a WebSocket opened with skipNegotiation', async () => {
    const c = new HubConnectionBuilder()
      .withUrl(`${h.url}/hubs/testHub`, {
        transport: HttpTransportType.WebSockets,
        skipNegotiation: true,
        accessTokenFactory: () => 'user:erin',
      })
      .configureLogging(LogLevel.None)
      .build();
    await c.start();
    expect(await c.invoke('WhoAmI')).toBe('erin');
    await c.stop();
  });
});

describe('official client: keep-alive and reconnect', () => {
  it('should keep a quiet connection alive through server pings', async () => {
    const h = await startHarness({ hubs: { testHub }, pingIntervalMs: 50, clientTimeoutMs: 1000 });
    const c = client(h, HttpTransportType.WebSockets);
    c.serverTimeoutInMilliseconds = 300;
    c.keepAliveIntervalInMilliseconds = 100;
    let closedWith: Error | undefined | null = null;
    c.onclose((e) => (closedWith = e));
    await c.start();
    // Three client timeouts pass with no application traffic.
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(closedWith).toBeNull();
    expect(c.state).toBe(HubConnectionState.Connected);
    await c.stop();
    await h.stop();
  });

  it.each(transports)(
    'should reconnect automatically after a server restart over %s',
    async (_name, transport) => {
      const first = await startHarness({ hubs: { testHub } });
      const port = first.port;
      const c = new HubConnectionBuilder()
        .withUrl(`${first.url}/hubs/testHub`, {
          transport,
          accessTokenFactory: () => 'user:fay',
        })
        .withAutomaticReconnect([0, 50, 100, 200, 400, 800])
        .configureLogging(LogLevel.None)
        .build();
      await c.start();
      const firstId = c.connectionId;
      const reconnecting = new Promise<void>((resolve) => c.onreconnecting(() => resolve()));
      const reconnected = new Promise<string | undefined>((resolve) => c.onreconnected(resolve));
      await first.stop(); // drains with allowReconnect, then goes away
      await reconnecting;
      const second = await startHarness({ hubs: { testHub } }, port);
      const newId = await reconnected;
      expect(newId).toBeTruthy();
      expect(newId).not.toBe(firstId);
      expect(await c.invoke('Add', 20, 22)).toBe(42);
      await c.stop();
      await second.stop();
    },
  );
});
