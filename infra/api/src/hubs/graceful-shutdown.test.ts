// Graceful shutdown of one API instance: what SIGTERM's app.close() does to hub clients and to
// requests in flight, so a Kubernetes rollout or scale-in loses nothing and clients move to another pod.

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openTestDatabase, testConfig } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { signAccessToken } from '../http/auth.ts';
import { attachHubs } from './attach-hubs.ts';

const KEY = new TextEncoder().encode('test-secret-test-secret-test-secret');
const RS = '\u001e';

describe('API graceful shutdown', () => {
  let app: FastifyInstance;
  let db: Database;
  let cleanup: () => Promise<void>;
  let url: string;
  let releaseSlow: () => void = () => undefined;

  beforeAll(async () => {
    const opened = await openTestDatabase('pglite');
    db = opened.db;
    cleanup = opened.cleanup;
    const config = testConfig();
    app = await buildApp({ config, db, jwtKey: KEY, features: [] });
    // A request that is still being answered when shutdown starts.
    app.get('/api/ops-test/slow', async () => {
      await new Promise<void>((resolve) => (releaseSlow = resolve));
      return { finished: true };
    });
    attachHubs(app, { config, db, jwtKey: KEY, env: {} });
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await cleanup?.();
  });

  it('should send hub clients Close with allowReconnect, and finish requests in flight', async () => {
    const id = randomUUID();
    await db.query('INSERT INTO users (id, is_anonymous) VALUES ($1, true)', [id]);
    const token = await signAccessToken(KEY, 3600, { id, isAnonymous: true });
    const negotiate = await fetch(`${url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(negotiate.status).toBe(200);
    const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
    const ws = new WebSocket(
      `${url.replace('http', 'ws')}/hubs/chatHub?id=${connectionToken}&access_token=${token}`,
      { headers: { origin: url } },
    );
    const frames: string[] = [];
    const closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
    const arrived = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (frames.length >= count ? resolve() : setTimeout(check, 10));
        check();
      });
    ws.on('message', (data) => frames.push(String(data)));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(`{"protocol":"json","version":1}${RS}`);
    await arrived(1);
    expect(frames[0]).toBe(`{}${RS}`);

    const slow = fetch(`${url}/api/ops-test/slow`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = app.close();
    await arrived(2);
    expect(frames[1]).toBe(`{"type":7,"error":"Server is shutting down.","allowReconnect":true}${RS}`);
    releaseSlow();
    const answer = await slow;
    expect(answer.status).toBe(200);
    // Its keep-alive connection ends with it; otherwise close() would wait out the keep-alive timeout (72 s).
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ finished: true });
    await closing;
    await closed;
    // Closed: nothing listens any more, so the Service's other pods get the traffic.
    await expect(fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) })).rejects.toThrow();
  });
});
