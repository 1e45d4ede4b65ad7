import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister, requestAs } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';

describe.each(BACKENDS)('events on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('Event/*', () => {
    const t = testAppPerSuite(backend);

    it('should record the pre-paywall propeller event with or without a session', async () => {
      const s = await preRegister(t.app);
      const url = '/api/Event/send-pre-paywall-propeller-event';
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url,
            payload: { fingerprint: 'f1' },
            headers: bearer(s.accessToken),
          })
        ).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ method: 'POST', url, payload: { fingerprint: 'f2' } })).statusCode).toBe(
        200,
      );
      const rows = await t.db.query<{ user_id: string | null }>(
        "SELECT user_id FROM tracked_events WHERE kind = 'pre_paywall_propeller' ORDER BY id",
      );
      expect(rows.map((r) => r.user_id)).toEqual([s.userId, null]);
      const bad = await t.app.inject({ method: 'POST', url, payload: {} });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('fingerprint');
      // A signed-in caller may leave it out: the account's registered fingerprint is recorded.
      const own = await t.app.inject({ method: 'POST', url, payload: {}, headers: bearer(s.accessToken) });
      expect(own.statusCode).toBe(200);
      const [registered] = await t.db.query<{ fingerprint: string }>(
        'SELECT fingerprint FROM users WHERE id = $1',
        [s.userId],
      );
      const [last] = await t.db.query<{ payload: { fingerprint: string } }>(
        "SELECT payload FROM tracked_events WHERE kind = 'pre_paywall_propeller' AND user_id = $1 ORDER BY id DESC LIMIT 1",
        [s.userId],
      );
      expect(last!.payload.fingerprint).toBe(registered!.fingerprint);
    });

    it('should list pending tracking transactions as text and mark only your own as reported', async () => {
      const s = await preRegister(t.app);
      const other = await preRegister(t.app);
      const mine = crypto.randomUUID();
      const theirs = crypto.randomUUID();
      await t.db.query(
        "INSERT INTO event_tracking_transactions (id, user_id, type, payload) VALUES ($1, $2, 'purchase', '{\"value\": 999}'), ($3, $4, 'purchase', '{}')",
        [mine, s.userId, theirs, other.userId],
      );
      const list = await requestAs(
        t.app,
        s,
        'GET',
        '/api/Event/get-event-tracking-transactions?type=purchase',
      );
      expect(list.statusCode).toBe(200);
      expect(list.headers['content-type']).toMatch(/^text\/plain/);
      const parsed = JSON.parse(list.body);
      expect(parsed.map((x: { id: string }) => x.id)).toEqual([mine]);
      expect(parsed[0].payload).toEqual({ value: 999 });
      const put = await requestAs(t.app, s, 'PUT', '/api/Event/update-event-tracking-transactions', {
        ids: [mine, theirs],
      });
      expect(put.json()).toEqual({ updated: 1 });
      const again = await requestAs(
        t.app,
        s,
        'GET',
        '/api/Event/get-event-tracking-transactions?type=purchase',
      );
      expect(JSON.parse(again.body)).toEqual([]);
      const theirsRow = await t.db.query<{ reported_at: Date | null }>(
        'SELECT reported_at FROM event_tracking_transactions WHERE id = $1',
        [theirs],
      );
      expect(theirsRow[0]!.reported_at).toBeNull();
    });

    it('should validate tracking transaction input', async () => {
      const s = await preRegister(t.app);
      const noType = await requestAs(t.app, s, 'GET', '/api/Event/get-event-tracking-transactions');
      expect(noType.json().error.field).toBe('type');
      const badIds = await requestAs(t.app, s, 'PUT', '/api/Event/update-event-tracking-transactions', {
        ids: ['x'],
      });
      expect(badIds.json().error.field).toBe('ids.0');
      const anon = await t.app.inject({
        method: 'GET',
        url: '/api/Event/get-event-tracking-transactions?type=purchase',
      });
      expect(anon.statusCode).toBe(401);
    });

    it('should record an affiliate registration and require an affiliate or click id', async () => {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/event/affiliate-registration',
        payload: { affiliateId: 'aff-1', source: 'blog' },
      });
      expect(ok.statusCode).toBe(200);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/event/affiliate-registration',
        payload: { source: 'blog' },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('affiliateId');
    });

    it('should record a partner sign-up from /affiliates and name the bad field', async () => {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/event/affiliate-registration',
        payload: {
          name: 'Ann Partner',
          email: 'ann@example.com',
          website: 'https://ann.example',
          source: 'tiktok',
        },
      });
      expect(ok.statusCode).toBe(200);
      const rows = await t.db.query<{ payload: { email: string; website: string } }>(
        "SELECT payload FROM tracked_events WHERE kind = 'affiliate_registration' ORDER BY id DESC LIMIT 1",
      );
      expect(rows[0]!.payload).toMatchObject({ email: 'ann@example.com', website: 'https://ann.example' });
      for (const [payload, field] of [
        [{ email: 'ann@example.com' }, 'name'],
        [{ name: 'Ann', email: 'not-an-email' }, 'email'],
        [{ name: 'Ann', email: 'ann@example.com', website: 'javascript-nope' }, 'website'],
      ] as const) {
        const bad = await t.app.inject({ method: 'POST', url: '/api/event/affiliate-registration', payload });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.field).toBe(field);
      }
    });
  });
});
