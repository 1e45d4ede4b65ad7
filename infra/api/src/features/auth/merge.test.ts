import { FEATURES } from '../../app.ts';
import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister, registerAccount, requestAs } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';

// End to end through the full FEATURES list: what a visitor made survives signing in to an existing account.
describe.each(BACKENDS)('anonymous → account merge on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('with the catalogue mounted', () => {
    const t = testAppPerSuite(backend, { features: FEATURES });

    it('should carry chats and tokens over when a visitor logs in to an existing account', async () => {
      await registerAccount(t, 'owner@example.com');
      const visitor = await preRegister(t.app);
      const top = await requestAs(t.app, visitor, 'GET', '/api/PersonModel/top');
      const personModelId = top.json()[0].id as string;
      const started = await requestAs(t.app, visitor, 'POST', '/api/Chats/start', { personModelId });
      expect(started.statusCode).toBe(201);
      await requestAs(t.app, visitor, 'POST', '/api/Tokens/claim-bonus');
      const visitorBalance = (await requestAs(t.app, visitor, 'GET', '/api/Tokens/balance')).json();

      const login = await requestAs(t.app, visitor, 'POST', '/api/Authenticate/login', {
        email: 'owner@example.com',
        password: 'password1',
        userId: visitor.userId,
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
