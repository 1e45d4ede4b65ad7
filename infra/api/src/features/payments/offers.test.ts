import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister, requestAs } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { buy, paymentsAppPerSuite, RETURN } from './test-kit.ts';
import { balanceOf } from '../../seed/test-fixtures.ts';

// The offer flows' one-click purchases need consent; the mystery box has its own offer.
describe.each(BACKENDS)('offer purchases on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('offers', () => {
    const t = paymentsAppPerSuite(backend);

    const oneClick = (s: TestSession, payload: Record<string, unknown>, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Payments/one-click',
        headers: { ...bearer(s.accessToken), ...(key ? { 'idempotency-key': key } : {}) },
        payload,
      });
    const balance = (s: TestSession) => balanceOf(t.db, s.userId);
    const orders = async (s: TestSession) =>
      Number(
        (
          await t.db.query<{ n: string }>('SELECT count(*) AS n FROM payment_orders WHERE user_id = $1', [
            s.userId,
          ])
        )[0]!.n,
      );

    it('refuses a one-click purchase without consent: 400 naming consent, no order, no charge', async () => {
      const buyer = await buy(t, 'tokens-350');
      const before = await orders(buyer.session);
      for (const consent of [undefined, false]) {
        const res = await oneClick(buyer.session, {
          ...RETURN,
          productId: 'tokens-700-upsell',
          ...(consent === undefined ? {} : { consent }),
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { field: 'consent', code: 'consent_required' } });
      }
      const wrongType = await oneClick(buyer.session, {
        ...RETURN,
        productId: 'tokens-700-upsell',
        consent: 'yes',
      });
      expect(wrongType.statusCode).toBe(400);
      expect(await orders(buyer.session)).toBe(before);
      expect(await balance(buyer.session)).toBe(350);
    });

    it('charges the saved card once per Idempotency-Key with consent (the upsell accepted)', async () => {
      const buyer = await buy(t, 'tokens-350');
      const key = crypto.randomUUID();
      const body = { ...RETURN, productId: 'tokens-700-upsell', consent: true, isDownsellPayment: false };
      const first = await oneClick(buyer.session, body, key);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toMatchObject({
        status: 'approved',
        success: true,
        productId: 'tokens-700-upsell',
      });
      const again = await oneClick(buyer.session, body, key);
      expect(again.json()).toEqual(first.json());
      expect(await balance(buyer.session)).toBe(350 + 700);
    });

    it('refuses one-click without a saved card (404) even with consent', async () => {
      const visitor = await preRegister(t.app);
      const res = await oneClick(visitor, { ...RETURN, productId: 'tokens-700-upsell', consent: true });
      expect(res.statusCode).toBe(404);
      expect(await balance(visitor)).toBe(0);
    });

    it('lists the mystery box offer and sells it', async () => {
      const buyer = await buy(t, 'tokens-350');
      const list = await requestAs(t.app, buyer.session, 'GET', '/api/Payments/mystery-box-products');
      expect(list.json()).toEqual([
        expect.objectContaining({
          id: 'tokens-550-box',
          tokenAmount: 550,
          tokenBonus: 50,
          currentPrice: 2249,
        }),
      ]);
      const res = await oneClick(buyer.session, { ...RETURN, productId: 'tokens-550-box', consent: true });
      expect(res.json()).toMatchObject({ status: 'approved' });
      expect(await balance(buyer.session)).toBe(350 + 600);
      // Sold once (ADR 0301): the list no longer offers it to this buyer, so no surface shows a box that 409s.
      const after = await requestAs(t.app, buyer.session, 'GET', '/api/Payments/mystery-box-products');
      expect(after.json()).toEqual([]);
    });
  });
});
