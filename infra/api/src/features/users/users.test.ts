import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister, testClock } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';
import { chatWithCharacter } from '../../hubs/chat-fixtures.ts';
import { startOrExtendSubscription } from '../../db/payment-state.ts';
import { credit } from '../tokens/ledger.ts';
import { ageFrom } from './index.ts';
import { countryOf } from './country.ts';

describe('ageFrom', () => {
  it('should count the birthday month as not yet reached', () => {
    const now = new Date('2026-06-15T00:00:00Z');
    expect(ageFrom(2008, 6, now)).toBe(17);
    expect(ageFrom(2008, 5, now)).toBe(18);
    expect(ageFrom(2008, 7, now)).toBe(17);
  });
});

describe('countryOf', () => {
  it('should prefer the CDN header, then Accept-Language, then unknown', () => {
    expect(countryOf({ 'cf-ipcountry': 'de', 'accept-language': 'en-US' }, 'cf-ipcountry')).toEqual({
      country: 'DE',
      source: 'header',
    });
    expect(countryOf({ 'cf-ipcountry': 'XX', 'accept-language': 'fr,en-CA;q=0.8' }, 'cf-ipcountry')).toEqual({
      country: 'CA',
      source: 'accept-language',
    });
    expect(countryOf({ 'accept-language': 'zh-Hant-TW' }, 'cf-ipcountry')).toEqual({
      country: 'TW',
      source: 'accept-language',
    });
    expect(countryOf({ 'accept-language': 'fr' }, 'cf-ipcountry')).toEqual({
      country: 'unknown',
      source: 'unknown',
    });
  });
});

describe.each(BACKENDS)('users on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('User/*', () => {
    const clock = testClock(new Date('2026-06-15T12:00:00Z'));
    const t = testAppPerSuite(backend, { now: clock.now, config: { countryHeader: 'x-country' } });

    const call = (s: TestSession, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({
        method,
        url: `/api/${url}`,
        headers: bearer(s.accessToken),
        ...(payload ? { payload } : {}),
      });

    it('should return every User field with defaults', async () => {
      const s = await preRegister(t.app);
      const res = await call(s, 'GET', `User?requestID=${crypto.randomUUID()}`);
      expect(res.statusCode).toBe(200);
      const user = res.json();
      expect(Object.keys(user).sort()).toEqual(
        [
          'activeSubscription',
          'email',
          'id',
          'isCardTokenExists',
          'isNConfirmed',
          'isNSFWContent',
          'isSConfirmed',
          'nEnabled',
          'paymentSystem',
          'periodInMonths',
          'url',
          'userFeatures',
          'userName',
          'userPricingInfo',
          'userProfileUrl',
          'utmSource',
        ].sort(),
      );
      expect(user).toMatchObject({
        id: s.userId,
        paymentSystem: 'solidgate',
        periodInMonths: 'none',
        activeSubscription: null,
        isCardTokenExists: false,
      });
      // 000 §3's twelve plus `hideLifetimeMonthlyTokens` (001 §2, ADR 0250).
      expect(Object.keys(user.userFeatures)).toHaveLength(13);
      expect(Object.keys(user.userPricingInfo)).toHaveLength(7);
    });

    it('should change the name and validate it', async () => {
      const s = await preRegister(t.app);
      const ok = await call(s, 'POST', 'User/update/name', { userName: '  Alex  ' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().userName).toBe('Alex');
      const empty = await call(s, 'POST', 'User/update/name', { userName: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.field).toBe('userName');
      const long = await call(s, 'POST', 'User/update/name', { userName: 'x'.repeat(51) });
      expect(long.json().error.field).toBe('userName');
    });

    it('should store the fingerprint on POST and PUT', async () => {
      const s = await preRegister(t.app);
      expect((await call(s, 'POST', 'Fingerprint', { fingerprint: 'abc' })).statusCode).toBe(200);
      expect((await call(s, 'PUT', 'Fingerprint', { fingerprint: 'def' })).statusCode).toBe(200);
      const rows = await t.db.query<{ fingerprint: string }>('SELECT fingerprint FROM users WHERE id = $1', [
        s.userId,
      ]);
      expect(rows[0]!.fingerprint).toBe('def');
      const bad = await call(s, 'PUT', 'Fingerprint', {});
      expect(bad.json().error.field).toBe('fingerprint');
    });

    it('should record NSFW and SFW confirmations', async () => {
      const s = await preRegister(t.app);
      const n = await call(s, 'POST', 'User/nsfw-confirmation');
      expect(n.json()).toMatchObject({ isNConfirmed: true, nEnabled: true, isNSFWContent: true });
      const sfw = await call(s, 'POST', 'User/sfw-confirmation', {});
      expect(sfw.json()).toMatchObject({
        isNConfirmed: true,
        isSConfirmed: true,
        nEnabled: false,
        isNSFWContent: false,
      });
      const bad = await call(s, 'POST', 'User/sfw-confirmation', { isConfirmed: 'yes' });
      expect(bad.statusCode).toBe(400);
    });

    it('should verify an adult and reject a minor clearly', async () => {
      const s = await preRegister(t.app);
      const minor = await call(s, 'POST', 'User/verify-user-age', { BirthMonth: 6, BirthYear: 2008 });
      expect(minor.statusCode).toBe(403);
      expect(minor.json().error).toMatchObject({ code: 'underage', field: 'BirthYear' });
      expect(minor.json().error.message).toMatch(/at least 18/);
      const badMonth = await call(s, 'POST', 'User/verify-user-age', { BirthMonth: 13, BirthYear: 1990 });
      expect(badMonth.json().error.field).toBe('BirthMonth');
      const future = await call(s, 'POST', 'User/verify-user-age', { BirthMonth: 1, BirthYear: 2030 });
      expect(future.statusCode).toBe(400);
      const adult = await call(s, 'POST', 'User/verify-user-age', {
        BirthMonth: 5,
        BirthYear: 2008,
        PersonId: 'p1',
      });
      expect(adult.statusCode).toBe(200);
      expect(adult.json().userFeatures.hasConfirmedAge).toBe(true);
    });

    it('should activate romance mode only after age verification', async () => {
      const s = await preRegister(t.app);
      const early = await call(s, 'POST', 'User/activate-romance-mode', { IsActive: true });
      expect(early.statusCode).toBe(403);
      expect(early.json().error.code).toBe('age_not_verified');
      await call(s, 'POST', 'User/verify-user-age', { BirthMonth: 1, BirthYear: 1990 });
      const on = await call(s, 'POST', 'User/activate-romance-mode', { IsActive: true, MessageId: 'm1' });
      expect(on.json().userFeatures.isRomanceModeActive).toBe(true);
      const off = await call(s, 'POST', 'User/activate-romance-mode', { IsActive: false });
      expect(off.json().userFeatures.isRomanceModeActive).toBe(false);
      const bad = await call(s, 'POST', 'User/activate-romance-mode', {});
      expect(bad.json().error.field).toBe('IsActive');
    });

    it('should tell the country from the configured header or Accept-Language, and the IP', async () => {
      const header = await t.app.inject({
        method: 'GET',
        url: '/api/User/get-my-country',
        headers: { 'x-country': 'ca' },
      });
      expect(header.json()).toEqual({ country: 'CA', source: 'header' });
      const lang = await t.app.inject({
        method: 'GET',
        url: '/api/User/get-my-country',
        headers: { 'accept-language': 'pt-BR,pt;q=0.9' },
      });
      expect(lang.json().country).toBe('BR');
      const none = await t.app.inject({ method: 'GET', url: '/api/User/get-my-country' });
      expect(none.json().country).toBe('unknown');
      /** The address `get-ip-address` answers for a caller at `remoteAddress`, maybe behind `forwardedFor`. */
      const ipOf = async (remoteAddress: string, forwardedFor?: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: '/api/User/get-ip-address',
            remoteAddress,
            ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
          })
        ).json();
      expect(await ipOf('203.0.113.9')).toEqual({ ip: '203.0.113.9' });
      // Behind the one-origin server (loopback) the forwarded client address is the caller's.
      expect(await ipOf('127.0.0.1', '198.51.100.7')).toEqual({ ip: '198.51.100.7' });
      // Anyone else's forwarded header is not believed.
      expect(await ipOf('203.0.113.9', '198.51.100.7')).toEqual({ ip: '203.0.113.9' });
    });

    it('should give activity info for yourself only', async () => {
      const s = await preRegister(t.app);
      const other = await preRegister(t.app);
      const own = await call(s, 'GET', `User/get-user-activity-info?userId=${s.userId}`);
      expect(own.statusCode).toBe(200);
      expect(own.json()).toMatchObject({ userId: s.userId, isAnonymous: true, spentTokens: 0 });
      expect((await call(s, 'GET', `User/get-user-activity-info?userId=${other.userId}`)).statusCode).toBe(
        403,
      );
      expect((await call(s, 'GET', 'User/get-user-activity-info?userId=nope')).statusCode).toBe(400);
    });

    it('should soft-delete the user: later calls and refreshes answer 410, and pre-register starts over', async () => {
      const s = await preRegister(t.app);
      const del = await call(s, 'DELETE', 'User');
      expect(del.statusCode).toBe(204);
      const after = await call(s, 'GET', 'User');
      expect(after.statusCode).toBe(410);
      expect(after.json().error.code).toBe('account_deleted');
      expect((await call(s, 'GET', 'Tokens/balance')).statusCode).toBe(410);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/Authenticate/refresh-generated-user-token',
        payload: { accessToken: s.accessToken, refreshToken: s.refreshToken, userId: s.userId },
      });
      expect(refresh.statusCode).toBe(410);
      const fresh = await preRegister(t.app);
      expect((await call(fresh, 'GET', 'User')).statusCode).toBe(200);
      const rows = await t.db.query('SELECT 1 FROM users WHERE id = $1', [s.userId]);
      expect(rows).toHaveLength(1);
    });

    it("should delete the user's chats, characters and cards and keep the payment records (000 §7 DELETE User)", async () => {
      const s = await preRegister(t.app);
      const other = await preRegister(t.app);
      const chatId = await chatWithCharacter(t.db, s.userId);
      const theirChat = await chatWithCharacter(t.db, other.userId);
      await t.db.query(`INSERT INTO messages (id, chat_id, sender, message) VALUES ($1, $2, 'user', 'hi')`, [
        randomUUID(),
        chatId,
      ]);
      const ownCharacter = randomUUID();
      await t.db.query(
        `INSERT INTO person_models (id, owner_user_id, first_name, age, is_anime) VALUES ($1, $2, 'Luna', 22, false)`,
        [ownCharacter, s.userId],
      );
      await t.db.query('INSERT INTO chats (id, user_id, person_model_id) VALUES ($1, $2, $3)', [
        randomUUID(),
        s.userId,
        ownCharacter,
      ]);
      await t.db.query(
        `INSERT INTO payment_cards (id, user_id, payment_system, token, brand, last4) VALUES ($1, $2, 'solidgate', 'tok', 'visa', '4242')`,
        [randomUUID(), s.userId],
      );
      await t.db.transaction((tx) => credit(tx, { userId: s.userId, amount: 50, reason: 'test' }));
      await t.db.transaction((tx) =>
        startOrExtendSubscription(tx, {
          userId: s.userId,
          productId: 'sub-1m',
          paymentSystem: 'solidgate',
          now: new Date(),
          orderId: null,
          cardId: null,
        }),
      );

      expect((await call(s, 'DELETE', 'User')).statusCode).toBe(204);
      // A deleted account is never charged again: its plan stops renewing, its record stays.
      expect(await t.db.query('SELECT status FROM subscriptions WHERE user_id = $1', [s.userId])).toEqual([
        { status: 'cancellation_requested' },
      ]);
      const count = async (sql: string, id: string) => (await t.db.query(sql, [id])).length;
      expect(await count('SELECT 1 FROM chats WHERE user_id = $1', s.userId)).toBe(0);
      expect(await count('SELECT 1 FROM messages WHERE chat_id = $1', chatId)).toBe(0);
      expect(await count('SELECT 1 FROM person_models WHERE owner_user_id = $1', s.userId)).toBe(0);
      expect(await count('SELECT 1 FROM payment_cards WHERE user_id = $1', s.userId)).toBe(0);
      // The ledger keeps its entries and the user row its owner; someone else's chat is untouched.
      expect(await count('SELECT 1 FROM token_ledger WHERE user_id = $1', s.userId)).toBeGreaterThan(0);
      expect(await count('SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NOT NULL', s.userId)).toBe(1);
      expect(await count('SELECT 1 FROM chats WHERE id = $1', theirChat)).toBe(1);
    });
  });
});
