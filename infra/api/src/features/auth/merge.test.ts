import { FEATURES } from '../../app.ts';
import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister, registerAccount } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';

// End to end through the full FEATURES list: what a visitor made survives signing in to an existing account.
describe.each(BACKENDS)('anonymous → account merge on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('with the catalogue mounted', () => {
    const t = testAppPerSuite(backend, { features: FEATURES });

    it('should carry chats and tokens over when a visitor logs in to an existing account', async () => {
      await registerAccount(t, 'owner@example.com');
      const visitor = await preRegister(t.app);
      const top = await t.app.inject({
        method: 'GET',
        url: '/api/PersonModel/top',
        headers: bearer(visitor.accessToken),
      });
      const personModelId = top.json()[0].id as string;
      const started = await t.app.inject({
        method: 'POST',
        url: '/api/Chats/start',
        headers: bearer(visitor.accessToken),
        payload: { personModelId },
      });
      expect(started.statusCode).toBe(201);
      await t.app.inject({
        method: 'POST',
        url: '/api/Tokens/claim-bonus',
        headers: bearer(visitor.accessToken),
      });
      const visitorBalance = (
        await t.app.inject({
          method: 'GET',
          url: '/api/Tokens/balance',
          headers: bearer(visitor.accessToken),
        })
      ).json();

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/Authenticate/login',
        headers: bearer(visitor.accessToken),
        payload: { email: 'owner@example.com', password: 'password1', userId: visitor.userId },
      });
      expect(login.statusCode).toBe(200);
      const headers = bearer(login.json().accessToken);
      const chats = (await t.app.inject({ method: 'GET', url: '/api/Chats', headers })).json();
      expect(chats.map((c: { personModelEntityId: string }) => c.personModelEntityId)).toContain(
        personModelId,
      );
      const balance = (await t.app.inject({ method: 'GET', url: '/api/Tokens/balance', headers })).json();
      expect(balance.remainingTokens).toBe(visitorBalance.remainingTokens);
      expect(visitorBalance.remainingTokens).toBeGreaterThan(0);
    });
  });
});
