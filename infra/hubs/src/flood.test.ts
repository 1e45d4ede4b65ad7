// Flooding limits, closing a user's connections, refused origins, unknown methods.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITED_ERROR, SERVER_BUSY_ERROR, TOO_MANY_STREAMS_ERROR } from './flood-limits.ts';
import { rawPeer, startHarness } from './testing/harness.ts';
import type { Harness, RawPeer } from './testing/harness.ts';
import type { HubDefinition } from './types.ts';

const RS = '\x1e';
const handshake = `{"protocol":"json","version":1}${RS}`;
const calls = { add: 0 };

const testHub: HubDefinition = {
  methods: {
    Add: (_ctx, a, b) => {
      calls.add += 1;
      return (a as number) + (b as number);
    },
  },
  streams: {
    // A stream that runs until cancelled, as a reply streams for seconds.
    async *Forever(ctx) {
      yield 'started';
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
    },
  },
};

function invoke(id: string, target = 'Add', args: unknown[] = [1, 2]): string {
  return `${JSON.stringify({ type: 1, invocationId: id, target, arguments: args })}${RS}`;
}

async function open(h: Harness, token: string): Promise<RawPeer> {
  const peer = await rawPeer(h.url, 'testHub', token);
  peer.send(handshake);
  await peer.next((m) => m === `{}${RS}`);
  return peer;
}

describe('hub flooding and hardening', () => {
  let h: Harness;
  beforeAll(async () => {
    // The per-connection and per-user budgets under test, not the instance's shared one (its own block below).
    h = await startHarness({
      hubs: { testHub },
      globalInvocationBurst: 10_000,
      globalInvocationsPerSecond: 10_000,
    });
  });
  afterAll(async () => h.stop());

  it('should throttle then close one connection sending 1,000 invocations, and run at most its budget', async () => {
    const flooder = await open(h, 'user:flooder');
    const before = calls.add;
    flooder.send(Array.from({ length: 1000 }, (_, i) => invoke(String(i))).join(''));
    expect(await flooder.closed).toBeGreaterThan(0);
    const text = flooder.messages.join('');
    expect(text).toContain(RATE_LIMITED_ERROR);
    expect(text).toContain('Too many invocations');
    // The per-connection burst (20) ran; the other 980 never reached the hub method.
    expect(calls.add - before).toBeLessThanOrEqual(20);
    // Another user is served as usual.
    const other = await open(h, 'user:bystander');
    other.send(invoke('x', 'Add', [40, 2]));
    expect(await other.next((m) => m.includes('"invocationId":"x"'))).toContain('"result":42');
    other.ws.close();
  });

  it('should refuse a new connection of a user whose connection was closed for flooding, for a while', async () => {
    const flooder = await open(h, 'user:reconnecting');
    flooder.send(Array.from({ length: 1000 }, (_, i) => invoke(String(i))).join(''));
    expect(await flooder.closed).toBeGreaterThan(0);
    const negotiate = (token: string) =>
      fetch(`${h.url}/hubs/testHub/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
    const again = await negotiate('user:reconnecting');
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await negotiate('user:someone-else')).status).toBe(200);
  });

  it('should share one budget between all connections of a user', async () => {
    const tabs = await Promise.all([open(h, 'user:tabs'), open(h, 'user:tabs'), open(h, 'user:tabs')]);
    // 3 × 20 within each connection's own burst, above the user's 40.
    tabs.forEach((tab, t) => tab.send(Array.from({ length: 20 }, (_, i) => invoke(`${t}-${i}`)).join('')));
    await Promise.all(tabs.map((tab, t) => tab.next((m) => m.includes(`"invocationId":"${t}-19"`))));
    const refused = tabs.flatMap((tab) => tab.messages).filter((m) => m.includes(RATE_LIMITED_ERROR)).length;
    expect(refused).toBeGreaterThanOrEqual(15);
    for (const tab of tabs) tab.ws.close();
  });

  it('should answer an unknown hub method with an error completion and keep the connection', async () => {
    const peer = await open(h, 'user:curious');
    peer.send(invoke('u', 'NoSuchMethod', []));
    expect(await peer.next((m) => m.includes('"invocationId":"u"'))).toContain(
      "Unknown hub method 'NoSuchMethod'",
    );
    peer.send(invoke('v', 'Add', [2, 3]));
    expect(await peer.next((m) => m.includes('"invocationId":"v"'))).toContain('"result":5');
    peer.ws.close();
  });

  it('should close every connection of a user on closeUser', async () => {
    const [a, b] = await Promise.all([open(h, 'user:leaving'), open(h, 'user:leaving')]);
    const stays = await open(h, 'user:staying');
    await h.hubs.closeUser('leaving', 'account_deleted');
    expect(await a.closed).toBeGreaterThan(0);
    expect(await b.closed).toBeGreaterThan(0);
    expect(a.messages.join('')).toContain('account_deleted');
    stays.send(invoke('s'));
    expect(await stays.next((m) => m.includes('"invocationId":"s"'))).toContain('"result":3');
    stays.ws.close();
  });

  it('should not reflect a refused Origin in CORS headers on 403', async () => {
    const res = await fetch(`${h.url}/hubs/testHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer user:x', origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('hub budgets shared by every connection', () => {
  let h: Harness;
  beforeAll(async () => {
    // A small instance budget so twenty users reach it; each user stays well within their own.
    h = await startHarness({ hubs: { testHub }, globalInvocationBurst: 10, globalInvocationsPerSecond: 1 });
  });
  afterAll(async () => h.stop());

  it('should refuse invocations over the instance budget when twenty users each send a few, keeping their connections', async () => {
    const before = calls.add;
    const users = await Promise.all(Array.from({ length: 20 }, (_, u) => open(h, `user:anon-${u}`)));
    users.forEach((peer, u) => peer.send([0, 1].map((i) => invoke(`${u}-${i}`)).join('')));
    await Promise.all(users.map((peer, u) => peer.next((m) => m.includes(`"invocationId":"${u}-1"`))));
    const answers = users.flatMap((peer) => peer.messages);
    // 40 invocations, each user within its own budget: the instance ran its burst (plus a refill) and refused the rest.
    expect(calls.add - before).toBeLessThanOrEqual(12);
    expect(answers.filter((m) => m.includes(SERVER_BUSY_ERROR)).length).toBeGreaterThanOrEqual(28);
    // Refused for the instance's sake, not their own: every connection stays open.
    expect(users.every((peer) => peer.ws.readyState === peer.ws.OPEN)).toBe(true);
    for (const peer of users) peer.ws.close();
  });
});

describe('streams per connection', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ hubs: { testHub }, maxStreamsPerConnection: 2 });
  });
  afterAll(async () => h.stop());

  it('should refuse a stream over the connection budget while its others run, and accept one once a stream ends', async () => {
    const peer = await open(h, 'user:streamer');
    const stream = (id: string) =>
      `${JSON.stringify({ type: 4, invocationId: id, target: 'Forever', arguments: [] })}${RS}`;
    peer.send(stream('a') + stream('b') + stream('c'));
    expect(await peer.next((m) => m.includes('"invocationId":"c"'))).toContain(TOO_MANY_STREAMS_ERROR);
    await peer.next((m) => m.includes('"invocationId":"b"') && m.includes('started'));
    // Cancelling one frees its place.
    peer.send(`${JSON.stringify({ type: 5, invocationId: 'a' })}${RS}`);
    await peer.next((m) => m.includes('"type":3') && m.includes('"invocationId":"a"'));
    peer.send(stream('d'));
    expect(await peer.next((m) => m.includes('"invocationId":"d"'))).toContain('started');
    peer.ws.close();
  });
});
