// Deleting the account ends that user's hub connections; the next negotiate answers 410.

import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, openTestDatabase, preRegister, testConfig } from '../../test/harness.ts';
import { CORE_FEATURES, buildApp } from '../app.ts';
import { attachHubs } from './attach-hubs.ts';

const KEY = new TextEncoder().encode('test-secret-test-secret-test-secret');

describe.each(BACKENDS)('account deletion and hubs ($backend)', ({ backend, available }) => {
  describe.skipIf(!available)('attached', () => {
    let app: FastifyInstance;
    let url: string;
    let cleanup: () => Promise<void>;

    beforeAll(async () => {
      const opened = await openTestDatabase(backend);
      cleanup = opened.cleanup;
      const config = testConfig();
      app = await buildApp({ config, db: opened.db, jwtKey: KEY, features: CORE_FEATURES });
      attachHubs(app, { config, db: opened.db, jwtKey: KEY, env: {} });
      await app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      const closing = app?.close();
      app?.server.closeAllConnections();
      await closing;
      await cleanup?.();
    });

    it('should close a deleted user’s hub connections and answer 410 on the next negotiate', async () => {
      const session = await preRegister(app);
      const other = await preRegister(app);
      const connect = (token: string) =>
        new HubConnectionBuilder()
          .withUrl(`${url}/hubs/chatHub`, {
            transport: HttpTransportType.WebSockets,
            accessTokenFactory: () => token,
          })
          .configureLogging(LogLevel.None)
          .build();
      const mine = connect(session.accessToken);
      const theirs = connect(other.accessToken);
      await Promise.all([mine.start(), theirs.start()]);
      const closed = new Promise<Error | undefined>((resolve) => mine.onclose(resolve));

      const deleted = await app.inject({
        method: 'DELETE',
        url: '/api/User',
        headers: bearer(session.accessToken),
      });
      expect(deleted.statusCode).toBeLessThan(300);
      expect((await closed)?.message).toContain('account_deleted');
      const negotiate = await fetch(`${url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: bearer(session.accessToken),
      });
      expect(negotiate.status).toBe(410);
      // Someone else's connection is untouched.
      expect(await theirs.invoke('GetReplies')).toEqual([]);
      await theirs.stop();
    });
  });
});
