// Security and reliability regression tests, one named test per item the API owns.

import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { FeaturePlugin } from './http/feature.ts';
import { CORE_FEATURES } from './app.ts';
import { BACKENDS, bearer, preRegister, requestAs } from '../test/harness.ts';
import { testAppPerSuite } from '../test/accounts-fixtures.ts';

const SECRET_EMAIL = 'victim.secret@example.com';
const SECRET_HASH = '$2b$10$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234';
const SECRET_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.c2VjcmV0LXRva2Vu.c2lnbmF0dXJl';

/** A route whose query fails with secrets as parameters, as a bug in any feature would. */
const failingQueryFeature: FeaturePlugin = async (app, deps) => {
  app.post('/test/failing-query', async () => {
    await deps.db.query('SELECT $1::int AS a, $2::text AS b, $3::text AS c', [
      SECRET_EMAIL,
      SECRET_HASH,
      SECRET_TOKEN,
    ]);
    return { ok: true };
  });
};

describe.each(BACKENDS)('security regressions on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('security regressions', () => {
    const logLines: string[] = [];
    const t = testAppPerSuite(backend, {
      features: [...CORE_FEATURES, failingQueryFeature],
      config: { logLevel: 'info' },
      logStream: { write: (line: string) => void logLines.push(line) },
    });

    it('should refuse NUL characters and lone surrogates in any JSON string with 400 naming the field (item 3)', async () => {
      const session = await preRegister(t.app);
      const cases: Array<{ payload: string; field: string }> = [
        { payload: '{"userName":"a\\u0000b"}', field: 'userName' },
        { payload: '{"userName":"lone \\ud800 high"}', field: 'userName' },
        { payload: '{"userName":"lone \\udfff low"}', field: 'userName' },
        { payload: '{"nested":{"list":["ok","x\\u0000"]}}', field: 'nested.list.1' },
        { payload: '{"bad\\u0000key":1}', field: 'bad\u0000key' },
      ];
      for (const { payload, field } of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/User/update/name',
          headers: { ...bearer(session.accessToken), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'validation_failed', field });
      }
      // A valid pair (an emoji) is stored unchanged.
      const ok = await requestAs(t.app, session, 'POST', '/api/User/update/name', { userName: 'Ann 😀' });
      expect(ok.statusCode).toBe(200);
      const user = await requestAs(t.app, session, 'GET', '/api/User');
      expect(user.json().userName).toBe('Ann 😀');
    });

    it('should refuse NUL and lone surrogates in query strings and path parameters (item 3)', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/Authenticate/get-auth-token-info?savedInfoId=a%00b',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'query.savedInfoId' });
      const surrogate = await t.app.inject({
        method: 'GET',
        url: '/api/Authenticate/get-auth-token-info?savedInfoId=%ED%A0%80',
      });
      expect(surrogate.statusCode).toBeLessThan(500);
    });

    it('should log a failing query without its parameters or any value echoed from them (item 4)', async () => {
      logLines.length = 0;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/test/failing-query',
        headers: { authorization: `Bearer ${SECRET_TOKEN}` },
      });
      expect(res.statusCode).toBe(500);
      const errorLines = logLines.filter((line) => line.includes('"level":50'));
      expect(errorLines.length).toBeGreaterThan(0);
      const all = logLines.join('\n');
      for (const secret of [SECRET_EMAIL, SECRET_HASH, SECRET_TOKEN]) expect(all).not.toContain(secret);
      expect(all).not.toContain('"params"');
      expect(all).toContain('SELECT $1::int');
    });

    it("should scope metric timer ids per user so another user's id neither collides nor shows (item 11)", async () => {
      const alice = await preRegister(t.app);
      const bob = await preRegister(t.app);
      const start = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/Prometheus/start',
          headers: bearer(token),
          payload: { metric: 'front_payment_duration', id: 'checkout-1' },
        });
      expect((await start(alice.accessToken)).statusCode).toBe(200);
      const bobs = await start(bob.accessToken);
      expect(bobs.statusCode, bobs.body).toBe(200);
      expect((await start(alice.accessToken)).statusCode).toBe(409);
      const stop = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/Prometheus/stop-by-id',
          headers: bearer(token),
          payload: { id: 'checkout-1' },
        });
      expect((await stop(bob.accessToken)).statusCode).toBe(200);
      expect((await stop(alice.accessToken)).statusCode).toBe(200);
    });

    it('should refuse an access token without exp even when our key signed it (item 13)', async () => {
      const session = await preRegister(t.app);
      const forever = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(session.userId)
        .setIssuedAt()
        .sign(new TextEncoder().encode(t.config.jwtSecret ?? ''));
      const res = await t.app.inject({ method: 'GET', url: '/api/Tokens/balance', headers: bearer(forever) });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_token');
    });

    it('should serve /api/metrics to loopback clients only when no scrape token is set (item 13)', async () => {
      const remote = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '203.0.113.9' });
      expect(remote.statusCode).toBe(404);
      const spoofed = await t.app.inject({
        method: 'GET',
        url: '/api/metrics',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(spoofed.statusCode).toBe(404);
      const local = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
    });

    it('should answer bad percent-encoding in the path with the platform JSON error naming the path (item 12)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/images/%E0%A4%A' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'invalid_url', message: expect.any(String), field: 'path' },
      });
    });
  });
});
