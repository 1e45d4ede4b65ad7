import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, createTestApp, preRegister } from '../../../test/harness.ts';
import type { TestApp } from '../../../test/harness.ts';

/** `POST testing/user-period` as `token` (none: without a token). */
const setPeriod = (app: FastifyInstance, token: string | null, periodInMonths: string) =>
  app.inject({
    method: 'POST',
    url: '/api/testing/user-period',
    headers: token ? bearer(token) : {},
    payload: { periodInMonths },
  });

describe.each(BACKENDS)('test fixtures on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('testing/user-period and testing/user-tokens', () => {
    let on: TestApp;
    let off: TestApp;
    beforeAll(async () => {
      on = await createTestApp(backend, { config: { testFixtures: true } });
      off = await createTestApp(backend);
    });
    afterAll(async () => {
      await on?.close();
      await off?.close();
    });

    it("should set the caller's period, which GET User then reports", async () => {
      const { accessToken } = await preRegister(on.app);
      expect((await setPeriod(on.app, accessToken, 'quarterly')).statusCode).toBe(200);
      const user = await on.app.inject({ method: 'GET', url: '/api/User', headers: bearer(accessToken) });
      expect(user.json().periodInMonths).toBe('quarterly');
    });

    it('should name the bad field, and refuse a call without a token', async () => {
      const { accessToken } = await preRegister(on.app);
      const bad = await setPeriod(on.app, accessToken, 'weekly');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('periodInMonths');
      expect((await setPeriod(on.app, null, 'monthly')).statusCode).toBe(401);
    });

    it('should refuse a client that is not on this machine, even when switched on', async () => {
      const { accessToken } = await preRegister(on.app);
      const res = await on.app.inject({
        method: 'POST',
        url: '/api/testing/user-period',
        payload: { periodInMonths: 'lifetime' },
        headers: { ...bearer(accessToken), 'x-forwarded-for': '203.0.113.9' },
      });
      expect(res.statusCode).toBe(404);
      const user = await on.app.inject({ method: 'GET', url: '/api/User', headers: bearer(accessToken) });
      expect(user.json().periodInMonths).not.toBe('lifetime');
    });

    it('should not exist unless COMPANION_TEST_FIXTURES=1', async () => {
      const { accessToken } = await preRegister(off.app);
      expect((await setPeriod(off.app, accessToken, 'lifetime')).statusCode).toBe(404);
    });

    const credit = (
      app: FastifyInstance,
      token: string,
      amount: unknown,
      extra: Record<string, string> = {},
    ) =>
      app.inject({
        method: 'POST',
        url: '/api/testing/user-tokens',
        headers: { ...bearer(token), ...extra },
        payload: { amount },
      });

    it('should credit the caller through the ledger, which Tokens/balance then reports', async () => {
      const { accessToken } = await preRegister(on.app);
      const before = await on.app.inject({
        method: 'GET',
        url: '/api/Tokens/balance',
        headers: bearer(accessToken),
      });
      const res = await credit(on.app, accessToken, 25);
      expect(res.statusCode).toBe(200);
      const after = await on.app.inject({
        method: 'GET',
        url: '/api/Tokens/balance',
        headers: bearer(accessToken),
      });
      expect(after.json().remainingTokens).toBe(before.json().remainingTokens + 25);
    });

    it('should name a bad amount, refuse other machines and not exist when off', async () => {
      const { accessToken } = await preRegister(on.app);
      const bad = await credit(on.app, accessToken, 0);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('amount');
      expect((await credit(on.app, accessToken, 5, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(
        404,
      );
      const offUser = await preRegister(off.app);
      expect((await credit(off.app, offUser.accessToken, 5)).statusCode).toBe(404);
    });
  });
});
