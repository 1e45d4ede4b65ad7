// Issue 20 item 5: two API instances and two origins on one PostgreSQL, one Redis and one remote store. Runs when
// PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer; reported skipped otherwise.

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import {
  CORE_FEATURES,
  attachHubs,
  buildApp,
  createDatabase,
  loadConfig,
  migrate,
  signAccessToken,
} from '@companion/api';
import type { ApiHubs, Database } from '@companion/api';
import { openStore } from '@companion/registry';
import { tempDir, writeFakeBuild } from '@companion/registry/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOriginServer } from './origin-server.ts';

const PG_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = 'redis://127.0.0.1:6379';
const KEY = 'test-secret-test-secret-test-secret';

function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

const available = (await answers('127.0.0.1', 5432)) && (await answers('127.0.0.1', 6379));

interface Instance {
  api: FastifyInstance;
  hubs: ApiHubs;
  db: Database;
  origin: FastifyInstance;
  url: string;
}

describe.skipIf(!available)('two instances on PostgreSQL, Redis and one store', () => {
  const schema = `t_multi_${randomBytes(5).toString('hex')}`;
  let root: string;
  let dataDir: string;
  const instances: Instance[] = [];
  const clients: HubConnection[] = [];

  async function start(): Promise<Instance> {
    const db = await createDatabase({ databaseUrl: PG_URL, schema, poolSize: 5 });
    const config = loadConfig(
      { NODE_ENV: 'test', JWT_SECRET: KEY, AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
      { dataDir },
    );
    const api = await buildApp({ config, db, features: CORE_FEATURES });
    const hubs = attachHubs(api, { config, db, env: { REDIS_URL } });
    await api.listen({ port: 0, host: '127.0.0.1' });
    const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
    const origin = await createOriginServer({ dataDir, shellDir: path.join(root, 'shell'), apiUrl });
    await origin.listen({ port: 0, host: '127.0.0.1' });
    return {
      api,
      hubs,
      db,
      origin,
      url: `http://127.0.0.1:${(origin.server.address() as AddressInfo).port}`,
    };
  }

  beforeAll(async () => {
    root = await tempDir('multi');
    dataDir = path.join(root, 'data');
    await mkdir(path.join(root, 'shell'), { recursive: true });
    await writeFile(
      path.join(root, 'shell', 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    const first = await createDatabase({ databaseUrl: PG_URL, schema, poolSize: 2 });
    await migrate(first);
    await first.close();
    instances.push(await start(), await start());
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    for (const instance of instances) {
      await instance.origin.close();
      const closing = instance.api.close();
      instance.api.server.closeAllConnections();
      await closing;
    }
    if (instances[0]) await instances[0].db.query(`DROP SCHEMA ${schema} CASCADE`);
    for (const instance of instances) await instance.db.close();
    await rm(root, { recursive: true, force: true });
  });

  it('should serve a deploy and a rollback made on the shared store from both origins at once', async () => {
    const store = openStore(dataDir);
    for (const version of ['1.0.0', '1.1.0'])
      await store.publish('chat', await writeFakeBuild(path.join(root, version), 'chat', version));
    await store.setLive('chat', '1.1.0', 'deploy', 'cli:test');
    for (const { origin } of instances) {
      const registry = (await origin.inject({ url: '/registry.json' })).json();
      expect(registry.remotes.chat.version).toBe('1.1.0');
      const manifest = await origin.inject({ url: registry.remotes.chat.manifest });
      expect(manifest.statusCode).toBe(200);
    }
    await store.rollback('chat', '1.0.0', 'cli:test');
    for (const { origin } of instances)
      expect((await origin.inject({ url: '/registry.json' })).json().remotes.chat.version).toBe('1.0.0');
  });

  it('should deliver a payment notification sent by instance A to the user connected through origin B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const id = randomUUID();
    await a.db.query('INSERT INTO users (id, is_anonymous) VALUES ($1, true)', [id]);
    const token = await signAccessToken(new TextEncoder().encode(KEY), 3600, { id, isAnonymous: true });
    const got: unknown[] = [];
    for (const transport of [HttpTransportType.WebSockets, HttpTransportType.LongPolling]) {
      const connection = new HubConnectionBuilder()
        .withUrl(`${b.url}/hubs/paymentNotificationHub`, { transport, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      connection.on('PaymentNotification', (n) => got.push([transport, n]));
      clients.push(connection);
      await connection.start();
    }
    const payment = {
      success: true,
      product: null,
      amountPaid: 1999,
      currencyPaid: 'USD',
      subscription: null,
      remainingBalance: 5,
    };
    await a.hubs.notify.payment(id, payment);
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(2);
    expect(got).toContainEqual([HttpTransportType.WebSockets, payment]);
    expect(got).toContainEqual([HttpTransportType.LongPolling, payment]);
  });

  it('should see a session made on one instance from the other (one database)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const made = await a.origin.inject({
      method: 'POST',
      url: '/api/Authenticate/pre-register',
      payload: {
        fingerprint: `fp-${randomUUID()}`,
        isNConfirmed: false,
        isSConfirmed: false,
        utmSource: null,
        pathname: '/',
      },
    });
    expect(made.statusCode).toBe(200);
    const me = await b.origin.inject({
      url: '/api/User',
      headers: { authorization: `Bearer ${made.json().accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(made.json().generatedUserId);
  });
});
