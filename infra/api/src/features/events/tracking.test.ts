import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister, requestAs, type TestApp } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';
import { authFeature } from '../auth/index.ts';
import { eventsFeature } from './index.ts';

/** An approved order of `productId` for `userId`, as fulfilment leaves it. */
export async function paidOrder(
  t: TestApp,
  userId: string,
  productId: string,
  at = new Date(),
): Promise<string> {
  const id = crypto.randomUUID();
  await t.db.query(
    `INSERT INTO payment_orders (id, user_id, product_id, kind, payment_system, amount, currency, status, paid_amount,
       paid_currency, fulfilled_at, created_at, updated_at)
     SELECT $1, $2, p.id, 'payment', 'solidgate', p.current_price, 'USD', 'approved', p.current_price, 'USD', $3, $3, $3
     FROM payment_products p WHERE p.id = $4 AND p.region = 'default'`,
    [id, userId, at, productId],
  );
  return id;
}

describe.each(BACKENDS)('tracking on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('Event/track, Event/set-attribution, ad clicks', () => {
    const t = testAppPerSuite(backend, {
      features: [authFeature, eventsFeature],
      config: { eventTrackRateLimitPerMinute: 5 },
    });

    const track = (payload: unknown, headers: Record<string, string> = {}, ip = '10.0.0.1') =>
      t.app.inject({
        method: 'POST',
        url: '/api/Event/track',
        payload: payload as object,
        headers,
        remoteAddress: ip,
      });

    it('should store a batch with the caller, from the header or from a beacon body token', async () => {
      const s = await preRegister(t.app);
      const header = await track(
        { events: [{ name: 'quiz_started', properties: { variant: 'quiz-fb', step: 1 }, path: '/quiz-fb' }] },
        bearer(s.accessToken),
        '10.0.1.1',
      );
      expect(header.statusCode).toBe(202);
      expect(header.json()).toEqual({ accepted: 1 });
      const beacon = await track(
        {
          events: [
            { name: 'quiz_completed', properties: { variant: 'quiz-fb' }, at: '2026-11-24T03:00:00Z' },
          ],
          accessToken: s.accessToken,
        },
        {},
        '10.0.1.1',
      );
      expect(beacon.statusCode).toBe(202);
      const anonymous = await track({ events: [{ name: 'page_seen' }] }, {}, '10.0.1.1');
      expect(anonymous.statusCode).toBe(202);
      const rows = await t.db.query<{
        user_id: string | null;
        name: string;
        properties: unknown;
        path: string | null;
      }>(
        "SELECT user_id, name, properties, path FROM analytics_events WHERE name IN ('quiz_started', 'quiz_completed', 'page_seen') ORDER BY id",
      );
      expect(rows).toEqual([
        {
          user_id: s.userId,
          name: 'quiz_started',
          properties: { variant: 'quiz-fb', step: 1 },
          path: '/quiz-fb',
        },
        { user_id: s.userId, name: 'quiz_completed', properties: { variant: 'quiz-fb' }, path: null },
        { user_id: null, name: 'page_seen', properties: {}, path: null },
      ]);
    });

    it.each([
      [{}, 'events'],
      [{ events: [] }, 'events'],
      [{ events: 'x' }, 'events'],
      [{ events: Array.from({ length: 51 }, () => ({ name: 'a' })) }, 'events'],
      [{ events: [{ name: '' }] }, 'events.0.name'],
      [{ events: [{ name: 'has space' }] }, 'events.0.name'],
      [{ events: [{ name: 'a', properties: { v: { nested: 1 } } }] }, 'events.0.properties.v'],
      [{ events: [{ name: 'a', properties: { v: 'x'.repeat(501) } }] }, 'events.0.properties.v'],
      [{ events: [{ name: 'a', properties: { 'bad key': 1 } }] }, 'events.0.properties.bad key'],
      [{ events: [{ name: 'a', at: 'yesterday' }] }, 'events.0.at'],
      [{ events: [{ name: 'a', path: 'p'.repeat(513) }] }, 'events.0.path'],
      [{ events: [{ name: 'a' }], accessToken: 7 }, 'accessToken'],
    ])('should refuse %j with a 400 naming %s', async (payload, field) => {
      const response = await track(payload, {}, `10.0.2.${Math.floor(Math.random() * 250)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe(field);
    });

    it('should refuse a bad token with 401 rather than store events under nobody', async () => {
      const response = await track({ events: [{ name: 'a' }], accessToken: 'not-a-jwt' }, {}, '10.0.3.1');
      expect(response.statusCode).toBe(401);
    });

    it('should rate-limit batches per client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i += 1)
        statuses.push((await track({ events: [{ name: 'a' }] }, {}, '10.0.4.1')).statusCode);
      expect(statuses.slice(0, 5)).toEqual([202, 202, 202, 202, 202]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      expect((await track({ events: [{ name: 'a' }] }, {}, '10.0.4.2')).statusCode).toBe(202);
    });

    it('should store the attribution record with the user, the last capture winning', async () => {
      const s = await preRegister(t.app);
      const set = (payload: object) =>
        t.app.inject({
          method: 'POST',
          url: '/api/Event/set-attribution',
          payload,
          headers: bearer(s.accessToken),
          remoteAddress: '10.0.5.1',
        });
      expect((await set({ UtmSource: 'tiktok', ClickIds: { ttclid: 'T1' } })).statusCode).toBe(200);
      const second = await set({
        Fingerprint: 'fp1',
        Url: 'https://x.test/quiz-fb?fbclid=F1',
        UtmSource: 'facebook',
        UtmCampaign: 'spring',
        Referer: 'https://m.facebook.com/',
        ClickIds: { fbclid: 'F1' },
        Metadata: { capturedAt: '2026-11-24T03:00:00Z' },
      });
      expect(second.statusCode).toBe(200);
      const rows = await t.db.query<{
        utm_source: string;
        utm_campaign: string;
        click_ids: unknown;
        fingerprint: string;
      }>(
        'SELECT utm_source, utm_campaign, click_ids, fingerprint FROM user_attributions WHERE user_id = $1',
        [s.userId],
      );
      expect(rows).toEqual([
        { utm_source: 'facebook', utm_campaign: 'spring', click_ids: { fbclid: 'F1' }, fingerprint: 'fp1' },
      ]);
      const bad = await set({ ClickIds: { 'bad key!': 'x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('ClickIds.bad key!');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/Event/set-attribution',
        payload: {},
        remoteAddress: '10.0.5.2',
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('should keep the ad-click record per network with the server-seen address, and refuse an unknown network', async () => {
      const s = await preRegister(t.app);
      const put = (payload: object) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/Event/update-event-tracking-transactions',
          payload,
          headers: bearer(s.accessToken),
          remoteAddress: '10.0.6.1',
        });
      const first = await put({
        Type: 'facebook',
        ClickId: 'F1',
        UserAgent: 'UA',
        BrowserId: 'fb.1.2',
        MetaClickId: 'fb.1.3.F1',
        UserIp: '1.2.3.4',
      });
      expect(first.statusCode).toBe(200);
      await put({ Type: 'facebook', ClickId: null, UserAgent: 'UA2' });
      const rows = await t.db.query<Record<string, unknown>>(
        'SELECT type, click_id, user_agent, external_id, browser_id, meta_click_id, user_ip FROM ad_clicks WHERE user_id = $1',
        [s.userId],
      );
      expect(rows).toEqual([
        {
          type: 'facebook',
          click_id: 'F1',
          user_agent: 'UA2',
          external_id: s.userId,
          browser_id: 'fb.1.2',
          meta_click_id: 'fb.1.3.F1',
          user_ip: '10.0.6.1',
        },
      ]);
      const bad = await put({ Type: 'myspace', ClickId: 'x' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('Type');
    });

    it('should answer a paid order as a conversion carrying the click id once an ad click exists, and only until reported', async () => {
      const s = await preRegister(t.app);
      const get = async (type: string) =>
        JSON.parse(
          (await requestAs(t.app, s, 'GET', `/api/Event/get-event-tracking-transactions?type=${type}`)).body,
        ) as { id: string; payload: Record<string, unknown> }[];
      const first = await paidOrder(t, s.userId, 'sub-1m', new Date(Date.now() - 60_000));
      expect(await get('facebook')).toEqual([]);
      await t.app.inject({
        method: 'PUT',
        url: '/api/Event/update-event-tracking-transactions',
        payload: { Type: 'facebook', ClickId: 'F1' },
        headers: bearer(s.accessToken),
      });
      const second = await paidOrder(t, s.userId, 'sub-12m');
      const list = await get('facebook');
      expect(list.map((row) => row.payload)).toEqual([
        expect.objectContaining({
          orderId: first,
          clickId: 'F1',
          firstSubscription: true,
          value: 1999,
          currency: 'USD',
        }),
        expect.objectContaining({
          orderId: second,
          clickId: 'F1',
          firstSubscription: false,
          productId: 'sub-12m',
        }),
      ]);
      expect(await get('tiktok')).toEqual([]);
      await t.app.inject({
        method: 'PUT',
        url: '/api/Event/update-event-tracking-transactions',
        payload: { ids: [list[0]!.id], type: 'facebook' },
        headers: bearer(s.accessToken),
      });
      expect((await get('facebook')).map((row) => row.payload['orderId'])).toEqual([second]);
    });
  });
});
