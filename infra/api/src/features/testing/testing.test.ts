import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, createTestApp, preRegister } from '../../../test/harness.ts';
import { CORE_FEATURES } from '../../app.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { chatsFeature } from '../chats/index.ts';
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
      // A real subscription row stands behind the period.
      expect(user.json().activeSubscription).toMatchObject({
        productId: 'sub-3m',
        periodType: 'month',
        periodValue: 3,
      });
      expect((await setPeriod(on.app, accessToken, 'none')).statusCode).toBe(200);
      const after = await on.app.inject({ method: 'GET', url: '/api/User', headers: bearer(accessToken) });
      expect(after.json()).toMatchObject({ periodInMonths: 'none', activeSubscription: null });
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

  describe.skipIf(!available)('testing/chat-history', () => {
    let on: TestApp;
    let off: TestApp;
    beforeAll(async () => {
      on = await createTestApp(backend, {
        config: { testFixtures: true },
        features: [...CORE_FEATURES, chatsFeature()],
      });
      off = await createTestApp(backend, { features: [...CORE_FEATURES, chatsFeature()] });
    });
    afterAll(async () => {
      await on?.close();
      await off?.close();
    });

    const fill = (t: TestApp, token: string | null, payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/testing/chat-history',
        headers: token ? bearer(token) : {},
        payload: payload as object,
      });
    const startChat = async (t: TestApp, token: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Chats/start',
          headers: bearer(token),
          payload: { personModelId: seedCharacterId('sofia') },
        })
      ).json<{ id: string }>().id;

    it("should fill the caller's chat with alternating messages, oldest first, paged from the newest", async () => {
      const { accessToken } = await preRegister(on.app);
      const chatId = await startChat(on, accessToken);
      expect((await fill(on, accessToken, { chatId, count: 120 })).statusCode).toBe(200);
      const newest = await on.app.inject({
        method: 'GET',
        url: `/api/Chats/${chatId}/messages?limit=50`,
        headers: bearer(accessToken),
      });
      const page = newest.json<{ message: string; sender: string }[]>();
      expect(page).toHaveLength(50);
      expect(page.at(-1)).toMatchObject({ message: 'Message 120 of 120', sender: 'character' });
      expect(page[0]).toMatchObject({ message: 'Message 71 of 120', sender: 'user' });
    });

    it("should refuse another user's chat, a bad count, a remote client and a stack without fixtures", async () => {
      const owner = await preRegister(on.app);
      const other = await preRegister(on.app);
      const chatId = await startChat(on, owner.accessToken);
      expect((await fill(on, other.accessToken, { chatId, count: 3 })).statusCode).toBe(404);
      const bad = await fill(on, owner.accessToken, { chatId, count: 0 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('count');
      const remote = await on.app.inject({
        method: 'POST',
        url: '/api/testing/chat-history',
        headers: { ...bearer(owner.accessToken), 'x-forwarded-for': '203.0.113.9' },
        payload: { chatId, count: 3 },
      });
      expect(remote.statusCode).toBe(404);
      const offUser = await preRegister(off.app);
      const offChat = await startChat(off, offUser.accessToken);
      expect((await fill(off, offUser.accessToken, { chatId: offChat, count: 3 })).statusCode).toBe(404);
    });
  });
});
