import { describe, expect, it } from 'vitest';
import { TOKEN_RULES } from '../../config.ts';
import { BACKENDS, bearer, preRegister, requestAs, testClock } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';
import { InsufficientTokensError, credit, getBalance, spend } from './ledger.ts';

describe.each(BACKENDS)('tokens on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('ledger and Tokens/*', () => {
    const clock = testClock();
    const t = testAppPerSuite(backend, { now: clock.now });

    async function fund(userId: string, amount: number) {
      await t.db.transaction((tx) => credit(tx, { userId, amount, reason: 'test' }));
    }

    it('should let exactly 10 of 50 parallel spends of 1 succeed on a 10-token balance', async () => {
      const s = await preRegister(t.app);
      await fund(s.userId, 10);
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) =>
          t.db.transaction((tx) =>
            spend(tx, { userId: s.userId, amount: 1, reason: 'race', refId: String(i) }),
          ),
        ),
      );
      const ok = results.filter((r) => r.status === 'fulfilled');
      const refused = results.filter((r) => r.status === 'rejected');
      expect(ok).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const r of refused)
        expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientTokensError);
      expect(await getBalance(t.db, s.userId)).toMatchObject({ balance: 0, spent: 10 });
      const rows = await t.db.query<{ n: number }>(
        "SELECT count(*) AS n FROM token_ledger WHERE user_id = $1 AND reason = 'race'",
        [s.userId],
      );
      expect(rows[0]!.n).toBe(10);
    });

    it('should roll the spend back when the caller fails later in the transaction', async () => {
      const s = await preRegister(t.app);
      await fund(s.userId, 5);
      await expect(
        t.db.transaction(async (tx) => {
          await spend(tx, { userId: s.userId, amount: 3, reason: 'unlock' });
          throw new Error('image engine failed');
        }),
      ).rejects.toThrow('image engine failed');
      expect((await getBalance(t.db, s.userId)).balance).toBe(5);
      const rows = await t.db.query("SELECT 1 FROM token_ledger WHERE user_id = $1 AND reason = 'unlock'", [
        s.userId,
      ]);
      expect(rows).toHaveLength(0);
    });

    it('should apply an idempotency key once', async () => {
      const s = await preRegister(t.app);
      await fund(s.userId, 5);
      const first = await t.db.transaction((tx) =>
        spend(tx, { userId: s.userId, amount: 2, reason: 'unlock', idempotencyKey: `k-${s.userId}` }),
      );
      const second = await t.db.transaction((tx) =>
        spend(tx, { userId: s.userId, amount: 2, reason: 'unlock', idempotencyKey: `k-${s.userId}` }),
      );
      expect(first).toMatchObject({ balance: 3, replayed: false });
      expect(second).toMatchObject({ balance: 3, replayed: true });
    });

    it('should refuse non-positive and fractional amounts', async () => {
      const s = await preRegister(t.app);
      await expect(
        t.db.transaction((tx) => spend(tx, { userId: s.userId, amount: 0, reason: 'x' })),
      ).rejects.toThrow(/positive integer/);
      await expect(
        t.db.transaction((tx) => credit(tx, { userId: s.userId, amount: 1.5, reason: 'x' })),
      ).rejects.toThrow(/positive integer/);
    });

    it('should map InsufficientTokensError to 402 insufficient_tokens', () => {
      const error = new InsufficientTokensError(5, 2);
      expect([error.status, error.code]).toEqual([402, 'insufficient_tokens']);
      expect(error.message).toContain('costs 5, you have 2');
    });

    it('should report the balance with spent tokens and the next claim date', async () => {
      const s = await preRegister(t.app);
      await fund(s.userId, 4);
      await t.db.transaction((tx) => spend(tx, { userId: s.userId, amount: 1, reason: 'msg' }));
      const res = await requestAs(t.app, s, 'GET', `/api/Tokens/balance?requestID=${crypto.randomUUID()}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ remainingTokens: 3, spentTokens: 1 });
      expect(Date.parse(body.nextDailyTokenClaimDate)).toBeLessThanOrEqual(clock.now().getTime());
      expect((await t.app.inject({ method: 'GET', url: '/api/Tokens/balance' })).statusCode).toBe(401);
    });

    it('should grant the daily bonus once per period', async () => {
      const s = await preRegister(t.app);
      const claim = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/Tokens/claim-bonus',
          headers: { ...bearer(s.accessToken), 'content-type': 'application/json' },
        });
      const first = await claim();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        claimedTokens: TOKEN_RULES.dailyBonusTokens,
        remainingTokens: TOKEN_RULES.dailyBonusTokens,
      });
      const second = await claim();
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('bonus_already_claimed');
      const balance = await requestAs(t.app, s, 'GET', '/api/Tokens/balance');
      expect(Date.parse(balance.json().nextDailyTokenClaimDate)).toBe(
        clock.now().getTime() + TOKEN_RULES.dailyBonusPeriodMs,
      );
      clock.advance(TOKEN_RULES.dailyBonusPeriodMs);
      const refreshed = await t.app.inject({
        method: 'POST',
        url: '/api/Authenticate/refresh-generated-user-token',
        payload: { accessToken: s.accessToken, refreshToken: s.refreshToken, userId: s.userId },
      });
      const next = await t.app.inject({
        method: 'POST',
        url: '/api/Tokens/claim-bonus',
        headers: bearer(refreshed.json().accessToken),
      });
      expect(next.statusCode).toBe(200);
      expect(next.json().remainingTokens).toBe(2 * TOKEN_RULES.dailyBonusTokens);
    });

    it('should not grant two bonuses to parallel claims', async () => {
      const s = await preRegister(t.app);
      const results = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.app.inject({ method: 'POST', url: '/api/Tokens/claim-bonus', headers: bearer(s.accessToken) }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      expect((await getBalance(t.db, s.userId)).balance).toBe(TOKEN_RULES.dailyBonusTokens);
    });

    it('should refuse the bonus when daily tokens are disabled for the user', async () => {
      const s = await preRegister(t.app);
      await t.db.query(`UPDATE users SET features = '{"isDailyTokensEnabled": false}'::jsonb WHERE id = $1`, [
        s.userId,
      ]);
      const res = await requestAs(t.app, s, 'POST', '/api/Tokens/claim-bonus');
      expect(res.statusCode).toBe(403);
      const balance = await requestAs(t.app, s, 'GET', '/api/Tokens/balance');
      expect(balance.json().nextDailyTokenClaimDate).toBeNull();
    });
  });
});
