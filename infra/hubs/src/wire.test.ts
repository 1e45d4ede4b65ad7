// Wire-level checks with a raw peer: the byte vectors of docs/research/signalr-protocol.md §9, negotiate
// rules, bad frames.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { closeMessage, completion, invocation, streamItem } from './protocol.ts';
import { hex, rawPeer, startHarness } from './testing/harness.ts';
import type { Harness } from './testing/harness.ts';
import type { HubDefinition } from './types.ts';

const RS = '\x1e';
const hub: HubDefinition = {
  methods: { Add: (_c, a, b) => (a as number) + (b as number) },
  streams: {
    async *Tokens(_c, count) {
      for (let i = 0; i < (count as number); i++) yield `tok${i}`;
    },
    async *Slow(ctx) {
      for (let i = 0; !ctx.signal.aborted; i++) {
        yield `tok${i}`;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  },
};

const handshake = `{"protocol":"json","version":1}${RS}`;

describe('wire format', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      hubs: { chatHub: hub },
      pingIntervalMs: 60_000,
      allowedOrigins: ['https://app.example'],
    });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('should answer negotiate v1 with URL-safe 22-character ids and the transports it serves', async () => {
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer user:a' },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.negotiateVersion).toBe(1);
    expect(body.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body.availableTransports).toEqual([
      { transport: 'WebSockets', transferFormats: ['Text'] },
      { transport: 'LongPolling', transferFormats: ['Text'] },
    ]);
  });

  it('should answer negotiate v0 without a connection token, and take the token from access_token', async () => {
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate?access_token=user%3Aa`, { method: 'POST' });
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.negotiateVersion).toBeUndefined();
    expect(body.connectionToken).toBeUndefined();
    expect(body.connectionId).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('should refuse a missing or bad token with 401, a deleted user with 410, and a foreign origin with 403', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${h.url}/hubs/chatHub/negotiate?negotiateVersion=1`, { method: 'POST', headers });
    expect((await post({})).status).toBe(401);
    const bad = await post({ Authorization: 'Bearer nope' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({
      error: { code: 'unauthorized', message: 'The access token is invalid or expired.' },
    });
    expect((await post({ Authorization: 'Bearer deleted:x' })).status).toBe(410);
    expect((await post({ Authorization: 'Bearer user:a', Origin: 'https://evil.example' })).status).toBe(403);
    const host = new URL(h.url).host;
    expect((await post({ Authorization: 'Bearer user:a', Origin: `http://${host}` })).status).toBe(200);
    const proxied = {
      Authorization: 'Bearer user:a',
      Origin: 'http://localhost:3000',
      'X-Forwarded-Host': 'localhost:3000',
    };
    expect((await post(proxied)).status).toBe(200);
    const ok = await post({ Authorization: 'Bearer user:a', Origin: 'https://app.example' });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(ok.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('should answer a CORS preflight with the headers the client sends', async () => {
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://app.example' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')).toContain('x-signalr-user-agent');
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it('should send the handshake and completion vectors byte for byte (TV2, TV5, TV6)', async () => {
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake);
    expect(hex(await peer.next())).toBe('7b 7d 1e');
    peer.send(`{"target":"Add","arguments":[40,2],"invocationId":"0","type":1}${RS}`);
    expect(hex(await peer.next())).toBe(
      '7b 22 74 79 70 65 22 3a 33 2c 22 69 6e 76 6f 63 61 74 69 6f 6e 49 64 22 3a 22 30 22 2c 22 72 65 73 75 6c 74 22 3a 34 32 7d 1e',
    );
    peer.ws.close();
  });

  it('should reject a messagepack handshake with the exact error record (TV3)', async () => {
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(`{"protocol":"messagepack","version":1}${RS}`);
    expect(await peer.next()).toBe(`{"error":"The protocol 'messagepack' is not supported."}${RS}`);
    await peer.closed;
  });

  it('should stream items, complete once, and stop after a cancel (TV8)', async () => {
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake);
    await peer.next();
    peer.send(`{"target":"Tokens","arguments":[2],"invocationId":"3","type":4}${RS}`);
    expect(await peer.next()).toBe(`{"type":2,"invocationId":"3","item":"tok0"}${RS}`);
    expect(hex(await peer.next())).toBe(
      '7b 22 74 79 70 65 22 3a 32 2c 22 69 6e 76 6f 63 61 74 69 6f 6e 49 64 22 3a 22 33 22 2c 22 69 74 65 6d 22 3a 22 74 6f 6b 31 22 7d 1e',
    );
    expect(await peer.next()).toBe(`{"type":3,"invocationId":"3"}${RS}`);

    peer.send(`{"target":"Slow","arguments":[],"invocationId":"4","type":4}${RS}`);
    await peer.next((m) => m.includes('"item"'));
    peer.send(`{"invocationId":"4","type":5}${RS}`);
    await peer.next((m) => m === `{"type":3,"invocationId":"4"}${RS}`);
    const count = peer.messages.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(peer.messages.length).toBe(count);
    peer.ws.close();
  });

  it('should send the records of one event-loop turn in one WebSocket message, and later ones in their own (ADR 0280)', async () => {
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake);
    await peer.next();
    const before = peer.frames.length;
    // Tokens yields its items without waiting: they and the completion are produced in one turn.
    peer.send(`{"target":"Tokens","arguments":[2],"invocationId":"c","type":4}${RS}`);
    await peer.next((m) => m === `{"type":3,"invocationId":"c"}${RS}`);
    expect(peer.frames.slice(before)).toEqual([
      `{"type":2,"invocationId":"c","item":"tok0"}${RS}{"type":2,"invocationId":"c","item":"tok1"}${RS}{"type":3,"invocationId":"c"}${RS}`,
    ]);
    // Slow waits 20 ms between items: each leaves on its own, without waiting for the next.
    peer.send(`{"target":"Slow","arguments":[],"invocationId":"d","type":4}${RS}`);
    await peer.next((m) => m.includes('"item":"tok1"'));
    const slow = peer.frames.filter((frame) => frame.includes('"invocationId":"d"'));
    expect(slow.slice(0, 2)).toEqual([
      `{"type":2,"invocationId":"d","item":"tok0"}${RS}`,
      `{"type":2,"invocationId":"d","item":"tok1"}${RS}`,
    ]);
    peer.ws.close();
  });

  it('should not answer a send, should ignore unknown message types, and should split records across frames', async () => {
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake.slice(0, 10));
    peer.send(handshake.slice(10));
    await peer.next();
    peer.send(
      `{"target":"Add","arguments":[1,1],"type":1}${RS}{"type":99,"foo":1}${RS}{"target":"Add","arguments":[2,`,
    );
    peer.send(`3],"invocationId":"9","type":1}${RS}`);
    expect(await peer.next()).toBe(`{"type":3,"invocationId":"9","result":5}${RS}`);
    expect(peer.messages).toEqual([`{}${RS}`, `{"type":3,"invocationId":"9","result":5}${RS}`]);
    peer.ws.close();
  });

  it('should close a malformed frame with an error and keep serving others', async () => {
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake);
    await peer.next();
    peer.send(`{"type":1,"target":${RS}`);
    const close = JSON.parse((await peer.next()).slice(0, -1)) as {
      type: number;
      error: string;
      allowReconnect?: boolean;
    };
    expect(close.type).toBe(7);
    expect(close.error).toContain('Connection closed with an error.');
    expect(close.allowReconnect).toBeUndefined();
    expect(await peer.closed).toBe(1000);
    const again = await rawPeer(h.url, 'chatHub');
    again.send(handshake);
    expect(await again.next()).toBe(`{}${RS}`);
    again.ws.close();
  });

  it('should close an oversized message with an error', async () => {
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake);
    await peer.next();
    peer.send(`{"target":"Add","arguments":["${'x'.repeat(40_000)}",1],"invocationId":"1","type":1}${RS}`);
    expect(await peer.next()).toContain('maximum size');
    await peer.closed;
  });

  it('should answer 404 for an unknown id and 409 for a second socket on one connection', async () => {
    const ws = new WebSocket(`${h.url.replace('http', 'ws')}/hubs/chatHub?id=doesnotexist`);
    const status = await new Promise<number | undefined>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode)),
    );
    expect(status).toBe(404);
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer user:a' },
    });
    const { connectionToken } = (await res.json()) as { connectionToken: string };
    const first = new WebSocket(`${h.url.replace('http', 'ws')}/hubs/chatHub?id=${connectionToken}`);
    await new Promise((resolve) => first.once('open', resolve));
    const second = new WebSocket(`${h.url.replace('http', 'ws')}/hubs/chatHub?id=${connectionToken}`);
    const secondStatus = await new Promise<number | undefined>((resolve) =>
      second.on('unexpected-response', (_req, r) => resolve(r.statusCode)),
    );
    expect(secondStatus).toBe(409);
    first.close();
  });

  it('should follow the long-polling rules: immediate first poll, queued records, DELETE 202 with the pending poll 204', async () => {
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer user:a' },
    });
    const { connectionToken: id } = (await res.json()) as { connectionToken: string };
    const first = await fetch(`${h.url}/hubs/chatHub?id=${id}`);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe('');
    expect((await fetch(`${h.url}/hubs/chatHub?id=${id}`, { method: 'POST', body: handshake })).status).toBe(
      200,
    );
    expect(await (await fetch(`${h.url}/hubs/chatHub?id=${id}`)).text()).toBe(`{}${RS}`);
    const pending = fetch(`${h.url}/hubs/chatHub?id=${id}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await fetch(`${h.url}/hubs/chatHub?id=${id}`, { method: 'DELETE' })).status).toBe(202);
    expect((await pending).status).toBe(204);
    expect((await fetch(`${h.url}/hubs/chatHub?id=${id}`, { method: 'POST', body: handshake })).status).toBe(
      404,
    );
    expect((await fetch(`${h.url}/hubs/chatHub`, { method: 'POST', body: handshake })).status).toBe(400);
  });

  it('should close a long-polling connection that posts a malformed frame and answer its next poll with the Close', async () => {
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer user:a' },
    });
    const { connectionToken: id } = (await res.json()) as { connectionToken: string };
    await fetch(`${h.url}/hubs/chatHub?id=${id}`);
    await fetch(`${h.url}/hubs/chatHub?id=${id}`, { method: 'POST', body: handshake });
    expect(await (await fetch(`${h.url}/hubs/chatHub?id=${id}`)).text()).toBe(`{}${RS}`);
    await fetch(`${h.url}/hubs/chatHub?id=${id}`, { method: 'POST', body: `not json${RS}` });
    const close = await (await fetch(`${h.url}/hubs/chatHub?id=${id}`)).text();
    expect(close).toMatch(/^\{"type":7,"error":"Connection closed with an error\./);
    expect((await fetch(`${h.url}/hubs/chatHub?id=${id}`)).status).toBe(204);
  });
});

describe('keep-alive and expiry', () => {
  it('should ping an idle client (TV4) and close a silent one with allowReconnect', async () => {
    const h = await startHarness({ hubs: { chatHub: hub }, pingIntervalMs: 30, clientTimeoutMs: 150 });
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake);
    await peer.next();
    peer.send(`{"type":6}${RS}`); // arms the client timeout, as the real client's first ping does
    expect(hex(await peer.next((m) => m.includes('"type":6')))).toBe('7b 22 74 79 70 65 22 3a 36 7d 1e');
    const close = await peer.next((m) => m.includes('"type":7'));
    expect(close).toBe(
      `{"type":7,"error":"Server timeout elapsed without receiving a message from the client.","allowReconnect":true}${RS}`,
    );
    await peer.closed;
    await h.stop();
  });

  it('should close a socket that never sends its handshake', async () => {
    const h = await startHarness({ hubs: { chatHub: hub }, handshakeTimeoutMs: 40 });
    const peer = await rawPeer(h.url, 'chatHub');
    expect(await peer.next()).toBe(`{"error":"Handshake was canceled."}${RS}`);
    await peer.closed;
    await h.stop();
  });

  it('should expire a negotiated connection that never connects', async () => {
    const h = await startHarness({ hubs: { chatHub: hub }, disconnectTimeoutMs: 40 });
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer user:a' },
    });
    const { connectionToken } = (await res.json()) as { connectionToken: string };
    await new Promise((resolve) => setTimeout(resolve, 150));
    const ws = new WebSocket(`${h.url.replace('http', 'ws')}/hubs/chatHub?id=${connectionToken}`);
    const status = await new Promise<number | undefined>((resolve) =>
      ws.on('unexpected-response', (_req, r) => resolve(r.statusCode)),
    );
    expect(status).toBe(404);
    await h.stop();
  });

  it('should close open connections with allowReconnect on drain and refuse new negotiates', async () => {
    const h = await startHarness({ hubs: { chatHub: hub } });
    const peer = await rawPeer(h.url, 'chatHub');
    peer.send(handshake);
    await peer.next();
    await h.hubs.drain();
    expect(await peer.next()).toBe(
      `{"type":7,"error":"Server is shutting down.","allowReconnect":true}${RS}`,
    );
    const res = await fetch(`${h.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer user:a' },
    });
    expect(res.status).toBe(503);
    await h.stop();
  });
});

describe('protocol writers', () => {
  it('should write the signalr-protocol.md vectors exactly (TV6b, TV6c, TV7, TV8d, TV9b)', () => {
    expect(completion('1', null)).toBe(`{"type":3,"invocationId":"1"}${RS}`);
    expect(hex(completion('2', { error: 'boom' }))).toBe(
      '7b 22 74 79 70 65 22 3a 33 2c 22 69 6e 76 6f 63 61 74 69 6f 6e 49 64 22 3a 22 32 22 2c 22 65 72 72 6f 72 22 3a 22 62 6f 6f 6d 22 7d 1e',
    );
    expect(invocation('PaymentNotification', [{ id: 7, status: 'Paid' }])).toBe(
      `{"type":1,"target":"PaymentNotification","arguments":[{"id":7,"status":"Paid"}]}${RS}`,
    );
    expect(Buffer.byteLength(invocation('PaymentNotification', [{ id: 7, status: 'Paid' }]))).toBe(81);
    expect(hex(completion('3', null))).toBe(
      '7b 22 74 79 70 65 22 3a 33 2c 22 69 6e 76 6f 63 61 74 69 6f 6e 49 64 22 3a 22 33 22 7d 1e',
    );
    expect(Buffer.byteLength(closeMessage('Connection closed with an error.', true))).toBe(76);
    expect(closeMessage('Connection closed with an error.', true)).toBe(
      `{"type":7,"error":"Connection closed with an error.","allowReconnect":true}${RS}`,
    );
    expect(streamItem('3', undefined)).toBe(`{"type":2,"invocationId":"3","item":null}${RS}`);
  });
});
