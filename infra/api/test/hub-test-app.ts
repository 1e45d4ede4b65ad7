// The API with its hubs attached, listening on a free port, for the suites that drive the hubs with the official
// client (not a production path).

import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppDeps } from '../src/app.ts';
import type { Database } from '../src/db/database.ts';
import type { CompanionEngine } from '../src/engines/companion/index.ts';
import { attachHubs } from '../src/hubs/attach-hubs.ts';
import type { ApiHubs } from '../src/hubs/attach-hubs.ts';
import { openTestDatabase, testConfig } from './harness.ts';
import type { Backend } from './harness.ts';

/** The key the suites sign their own access tokens with (the test config's secret). */
export const HUB_TEST_KEY = new TextEncoder().encode('test-secret-test-secret-test-secret');

/** A listening app with hubs; its fields are there once the suite's tests run. */
export interface HubTestApp {
  app: FastifyInstance;
  db: Database;
  hubs: ApiHubs;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** A client of `hub` signed in with `token`, stopped after the suite. */
  connect(hub: string, token: string, transport?: HttpTransportType): HubConnection;
}

/** Builds the app with `features` and the hubs before the enclosing suite's tests; closes both after them. */
export function useHubTestApp(
  backend: Backend,
  options: { features: AppDeps['features']; engine?: CompanionEngine },
): HubTestApp {
  const clients: HubConnection[] = [];
  let cleanup: (() => Promise<void>) | undefined;
  const t = {
    connect(hub, token, transport = HttpTransportType.WebSockets) {
      const c = new HubConnectionBuilder()
        .withUrl(`${t.url}/hubs/${hub}`, { transport, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      clients.push(c);
      return c;
    },
  } as HubTestApp;
  beforeAll(async () => {
    const opened = await openTestDatabase(backend);
    cleanup = opened.cleanup;
    const config = testConfig();
    const app = await buildApp({ config, db: opened.db, jwtKey: HUB_TEST_KEY, features: options.features });
    const hubs = attachHubs(app, {
      config,
      db: opened.db,
      jwtKey: HUB_TEST_KEY,
      env: {},
      ...(options.engine ? { engine: options.engine } : {}),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    Object.assign(t, { app, db: opened.db, hubs, url });
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    // The Node client leaves idle sockets that never sent a request; they would hold server.close() open.
    const closing = t.app?.close();
    t.app?.server.closeAllConnections();
    await closing;
    await cleanup?.();
  });
  return t;
}
