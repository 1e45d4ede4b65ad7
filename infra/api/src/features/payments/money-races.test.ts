// Money races: parallel pages, duplicate webhooks, crashes between charge and fulfilment. Each test asserts one
// charge kept and one credit per intent (ADR 0300).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { createIntent, createPaymentsApp, payOnPage } from './test-kit.ts';
import type { PaymentsTestApp } from './test-kit.ts';

const SUCCESS = '4067429974719265';

describe.each(BACKENDS)('money races on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('money races', () => {
    let t: PaymentsTestApp;
    beforeAll(async () => {
      t = await createPaymentsApp(backend);
    });
    afterAll(async () => {
      await t?.close();
    });

    /** Sandbox charges of a user: captured and not refunded, and refunded. */
    const charges = async (userId: string) => {
      const rows = await t.db.query<{ refunded: boolean }>(
        `SELECT s.refunded_at IS NOT NULL AS refunded FROM sandbox_orders s
         JOIN payment_orders o ON o.id::text = s.merchant_order_id
         WHERE o.user_id = $1 AND s.status = 'approved'`,
        [userId],
      );
      return {
        kept: rows.filter((row) => !row.refunded).length,
        refunded: rows.filter((row) => row.refunded).length,
      };
    };
    const subscriptions = (userId: string) =>
      t.db.query<{ end_date: Date; start_date: Date }>('SELECT * FROM subscriptions WHERE user_id = $1', [
        userId,
      ]);
    const open = async (s: TestSession, productId: string) => {
      const res = await createIntent(t.app, s, { productId });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ orderId: string; paymentUrl: string }>();
    };
    /** Every queued webhook delivered five times over (providers retry), then the refunds and the outbox. */
    const settle = async () => {
      for (let i = 0; i < 5; i += 1) await t.control.dispatchWebhooks();
      await t.control.runRefunds();
      await t.control.relayOutbox();
    };

    it('should keep one charge and refund the other when two open pages of the same plan are paid', async () => {
      const s = await preRegister(t.app);
      const [first, second] = [await open(s, 'sub-3m'), await open(s, 'sub-3m')];
      await Promise.all([
        payOnPage(t.app, first!.paymentUrl, { number: SUCCESS }),
        payOnPage(t.app, second!.paymentUrl, { number: SUCCESS }),
      ]);
      await settle();
      // Replayed webhooks of both orders, five times each, change nothing.
      for (const { orderId } of [first!, second!]) {
        const sbx = await t.control.engine.status('solidgate', orderId);
        for (let i = 0; i < 5; i += 1) {
          const hook = t.control.engine.webhookFor(sbx!, `replay-${i}-${orderId}`);
          await t.app.inject({
            method: 'POST',
            url: '/api/payments/webhooks/solidgate',
            headers: { ...hook.headers, 'content-type': 'application/json' },
            payload: hook.body,
          });
        }
      }
      await settle();

      expect(await charges(s.userId)).toEqual({ kept: 1, refunded: 1 });
      const subs = await subscriptions(s.userId);
      expect(subs).toHaveLength(1);
      const months =
        (new Date(subs[0]!.end_date).getTime() - new Date(subs[0]!.start_date).getTime()) / (30 * 86_400_000);
      expect(months).toBeGreaterThan(2.8);
      expect(months).toBeLessThan(3.2);
      const refunds = await t.db.query('SELECT order_id FROM payment_refunds WHERE user_id = $1', [s.userId]);
      expect(refunds).toHaveLength(1);
      const credits = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM token_ledger WHERE user_id = $1 AND delta > 0 AND reason = 'subscription_tokens'`,
        [s.userId],
      );
      expect(credits[0]!.n).toBeLessThanOrEqual(1);

      // The buyer of the refunded page is told why, by status and by notification.
      const refundedOrder = refunds[0] as { order_id: string };
      const status = await t.app.inject({
        method: 'GET',
        url: `/api/payments/check-order-status?orderId=${refundedOrder.order_id}`,
        headers: bearer(s.accessToken),
      });
      expect(status.json()).toMatchObject({
        status: 'refunded',
        isFinal: true,
        success: false,
        errorCode: 'already_subscribed',
      });
      const told = t.sent.filter(
        (sent) =>
          sent.userId === s.userId &&
          (sent.payload as { orderId?: string }).orderId === refundedOrder.order_id,
      );
      expect(told).toHaveLength(1);
      expect(told[0]!.payload).toMatchObject({ success: false, errorCode: 'already_subscribed' });
    });

    it('should refund once when the refund call crashed and runs again', async () => {
      const s = await preRegister(t.app);
      const [first, second] = [await open(s, 'sub-1m'), await open(s, 'sub-1m')];
      await payOnPage(t.app, first!.paymentUrl, { number: SUCCESS });
      await payOnPage(t.app, second!.paymentUrl, { number: SUCCESS });
      for (let i = 0; i < 5; i += 1) await t.control.dispatchWebhooks();
      // The process stopped after the refund was sent but before it was marked: the next run sends it again.
      const [queued] = await t.db.query<{ provider_order_id: string }>(
        'SELECT provider_order_id FROM payment_refunds WHERE user_id = $1',
        [s.userId],
      );
      await t.control.engine.refund(queued!.provider_order_id);
      await t.control.runRefunds();
      await t.control.runRefunds();
      expect(await charges(s.userId)).toEqual({ kept: 1, refunded: 1 });
      const marked = await t.db.query<{ refunded_at: Date | null }>(
        'SELECT refunded_at FROM payment_refunds WHERE user_id = $1',
        [s.userId],
      );
      expect(marked[0]!.refunded_at).not.toBeNull();
    });

    it('should still sell a longer plan to a subscriber whose page opened before the first plan was paid', async () => {
      const s = await preRegister(t.app);
      const [short, long] = [await open(s, 'sub-1m'), await open(s, 'sub-3m')];
      await payOnPage(t.app, short!.paymentUrl, { number: SUCCESS });
      await settle();
      await payOnPage(t.app, long!.paymentUrl, { number: SUCCESS });
      await settle();
      expect(await charges(s.userId)).toEqual({ kept: 2, refunded: 0 });
    });
  });
});
