import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openStore } from '@companion/registry';
import { tempDir, writeFakeBuild } from '@companion/registry/testing';
import { CORE_FEATURES } from '../../app.ts';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import { bearer, preRegister, requestAs } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { setAdmin } from '../../http/admin.ts';
import { opsFeature } from './index.ts';

describeEachBackend('ops API on $backend', 'admin only', (backend) => {
  let dir: string;
  // Registered first, so it runs after the app is closed.
  afterAll(async () => rm(dir, { recursive: true, force: true }));
  const t = useTestApp(backend, async () => {
    dir = await tempDir('ops');
    const store = openStore(path.join(dir, 'data'));
    for (const version of ['1.0.0', '1.1.0']) {
      await store.publish('chat', await writeFakeBuild(path.join(dir, 'build', version), 'chat', version));
      await store.setLive('chat', version, 'deploy', 'cli:ci');
    }
    await store.publish('gallery', await writeFakeBuild(path.join(dir, 'build', 'g'), 'gallery', '2.0.0'));
    await store.setLive('gallery', '2.0.0', 'deploy', 'cli:ci');
    return { features: [...CORE_FEATURES, opsFeature({ store })] };
  });
  let admin: TestSession;
  let visitor: TestSession;

  beforeAll(async () => {
    admin = await preRegister(t.app);
    visitor = await preRegister(t.app);
    await setAdmin(t.db, admin.userId, true);
    // Reports of the last hour, and one older than that (not counted).
    for (const kind of ['render', 'remote-failed', 'remote-failed']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: { kind, remote: 'chat', version: '1.1.0', message: 'boom' },
      });
      expect(res.statusCode).toBe(201);
    }
    await t.db.query(
      `INSERT INTO client_error_reports (kind, remote, version, message, created_at)
         VALUES ('render', 'chat', '1.1.0', 'old', now() - interval '2 hours')`,
    );
  });

  it('should refuse a visitor who is not an admin, and a caller without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/Ops/remotes'],
      ['GET', '/api/Ops/history'],
      ['POST', '/api/Ops/rollback'],
    ] as const) {
      const refused = await t.app.inject({
        method,
        url,
        headers: bearer(visitor.accessToken),
        payload: method === 'POST' ? { remote: 'chat', to: '1.0.0' } : undefined,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('admin_only');
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
  });

  it('should list every remote with its live version, who made it live, versions, health and errors', async () => {
    const res = await t.app.inject({ url: '/api/Ops/remotes', headers: bearer(admin.accessToken) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.remotes.map((r: { name: string }) => r.name)).toEqual(['chat', 'gallery']);
    const chat = body.remotes[0];
    expect(chat.live).toMatchObject({ version: '1.1.0', contract: 1 });
    expect(chat.live.integrity).toMatch(/^sha384-/);
    expect(chat.wentLive).toMatchObject({ by: 'cli:ci', action: 'deploy' });
    expect(chat.versions).toEqual(['1.1.0', '1.0.0']);
    expect(chat.health).toMatchObject({
      manifest: 'ok',
      entry: 'ok',
      lastHour: { errorReports: 1, remoteFailed: 2 },
      lastHourByVersion: { '1.1.0': { errorReports: 1, remoteFailed: 2 } },
    });
    expect(body.remotes[1].health.lastHour).toEqual({ errorReports: 0, remoteFailed: 0 });
  });

  it('should say when the live entry file is gone', async () => {
    await rm(path.join(dir, 'data', 'remotes', 'gallery', '2.0.0', 'remoteEntry.js'));
    const res = await t.app.inject({ url: '/api/Ops/remotes', headers: bearer(admin.accessToken) });
    expect(res.json().remotes[1].health).toMatchObject({ manifest: 'ok', entry: 'missing' });
  });

  it('should roll back to a stored version, recorded with the admin, and show it in the history', async () => {
    const res = await requestAs(t.app, admin, 'POST', '/api/Ops/rollback', { remote: 'chat', to: '1.0.0' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ from: '1.1.0', to: '1.0.0', changed: true, warning: null });
    const history = await t.app.inject({
      url: '/api/Ops/history?remote=chat',
      headers: bearer(admin.accessToken),
    });
    expect(history.json().history[0]).toMatchObject({
      action: 'rollback',
      from: '1.1.0',
      to: '1.0.0',
      by: `admin:${admin.userId}`,
    });
    const list = await t.app.inject({ url: '/api/Ops/remotes', headers: bearer(admin.accessToken) });
    expect(list.json().remotes[0]).toMatchObject({
      live: { version: '1.0.0' },
      wentLive: { by: `admin:${admin.userId}`, action: 'rollback' },
    });
  });

  it('should answer bad input with 4xx naming the field', async () => {
    const post = (payload: unknown) =>
      requestAs(t.app, admin, 'POST', '/api/Ops/rollback', payload as object);
    const cases: [unknown, number, string][] = [
      [{ to: '1.0.0' }, 400, 'remote'],
      [{ remote: 'Chat!', to: '1.0.0' }, 400, 'remote'],
      [{ remote: 'chat' }, 400, 'to'],
      [{ remote: 'chat', to: 'latest' }, 400, 'to'],
      [{ remote: 'chat', to: '9.9.9' }, 404, 'to'],
      [{ remote: 'ghost', to: '1.0.0' }, 404, 'remote'],
    ];
    for (const [payload, status, field] of cases) {
      const res = await post(payload);
      expect({ payload, status: res.statusCode, field: res.json().error.field }).toEqual({
        payload,
        status,
        field,
      });
    }
    const badQuery = await t.app.inject({
      url: '/api/Ops/history?remote=..%2Fetc',
      headers: bearer(admin.accessToken),
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().error.field).toBe('remote');
  });
});
