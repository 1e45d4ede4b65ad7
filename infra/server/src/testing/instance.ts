// One product instance for the multi-instance tests: an API with its hubs and an origin in front, on a
// shared PostgreSQL schema, Redis and store. The test starts one in its own process (instance-process.ts) to kill it.

import type { AddressInfo } from 'node:net';
import {
  CORE_FEATURES,
  attachHubs,
  buildApp,
  createDatabase,
  loadConfig,
  openRateLimitRedis,
} from '@companion/api';
import type { ApiHubs, AttachHubsDeps, Database } from '@companion/api';
import type { FastifyInstance } from 'fastify';
import { createOriginServer } from '../origin-server.ts';

/** Where the instance's shared services are. */
export interface InstanceOptions {
  databaseUrl: string;
  schema: string;
  redisUrl: string;
  dataDir: string;
  shellDir: string;
  jwtSecret: string;
  /** Key prefix of the rate-limit counters in Redis, so parallel runs do not share a budget. */
  rateLimitNameSpace: string;
  /** Environment read by the config (rate limits, COMPANION_TEST_FIXTURES). */
  env?: NodeJS.ProcessEnv;
  engine?: AttachHubsDeps['engine'];
  relay?: AttachHubsDeps['relay'];
}

/** A running instance: its API, hubs, database handle and origin, and `url` of the origin. */
export interface Instance {
  api: FastifyInstance;
  hubs: ApiHubs;
  db: Database;
  origin: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Starts an API (with Redis-counted rate limits and the hub scale-out) and an origin in front of it. */
export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const db = await createDatabase({ databaseUrl: options.databaseUrl, schema: options.schema, poolSize: 5 });
  const config = loadConfig(
    { NODE_ENV: 'test', JWT_SECRET: options.jwtSecret, ...options.env },
    { dataDir: options.dataDir },
  );
  const redis = openRateLimitRedis(options.redisUrl, (error) => console.error('[instance] Redis', error));
  const api = await buildApp({
    config,
    db,
    features: CORE_FEATURES,
    rateLimitStore: { redis, nameSpace: options.rateLimitNameSpace },
  });
  const hubs = attachHubs(api, {
    config,
    db,
    env: { REDIS_URL: options.redisUrl },
    ...(options.engine ? { engine: options.engine } : {}),
    ...(options.relay ? { relay: options.relay } : {}),
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiUrl = `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`;
  const origin = await createOriginServer({ dataDir: options.dataDir, shellDir: options.shellDir, apiUrl });
  await origin.listen({ port: 0, host: '127.0.0.1' });
  return {
    api,
    hubs,
    db,
    origin,
    url: `http://127.0.0.1:${(origin.server.address() as AddressInfo).port}`,
    async close() {
      await origin.close();
      const closing = api.close();
      api.server.closeAllConnections();
      await closing;
      redis.disconnect();
      await db.close();
    },
  };
}
