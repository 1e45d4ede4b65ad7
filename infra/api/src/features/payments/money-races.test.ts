// Money races: parallel pages, duplicate webhooks, crashes between charge and fulfilment. Each test asserts one
// charge kept and one credit per intent (ADR 0300).

import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildApp, CORE_FEATURES } from '../../app.ts';
import { BACKENDS, preRegister, requestAs } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { buy, createIntent, paymentsAppPerSuite, payOnPage } from './test-kit.ts';
import { paymentsFeature } from './index.ts';
import { balanceOf } from '../../seed/test-fixtures.ts';

const SUCCESS = '4067429974719265';

describe.each(BACKENDS)('money races on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('money races', () => {
    const t = paymentsAppPerSuite(backend);

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
      const status = await requestAs(
        t.app,
        s,
        'GET',
        `/api/payments/check-order-status?orderId=${refundedOrder.order_id}`,
      );
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

    describe('Idempotency-Keys a crash left in flight', () => {
      const keyed = (s: TestSession, key: string, url: string, body: Record<string, unknown>) =>
        createIntent(t.app, s, body, { url, headers: { 'idempotency-key': key } });
      /** What a process killed before it saved its answer leaves behind: the key claimed, no response. */
      const dropAnswer = (key: string) =>
        t.db.query(
          'UPDATE payment_idempotency_keys SET response_status = NULL, response_body = NULL WHERE key = $1',
          [key],
        );

      it('should answer a key whose request died after the page opened from its order, which was paid', async () => {
        const s = await preRegister(t.app);
        const key = crypto.randomUUID();
        const created = await keyed(s, key, '/api/Payments/create-payment-intent', {
          productId: 'tokens-350',
        });
        // The state a process killed between the provider's answer and saving the response leaves behind.
        await dropAnswer(key);
        await payOnPage(t.app, created.json().paymentUrl, { number: SUCCESS });
        await settle();
        const stuck = await keyed(s, key, '/api/Payments/create-payment-intent', { productId: 'tokens-350' });
        expect(stuck.statusCode).toBe(409);

        await t.control.recoverKeys(new Date(t.clock.now().getTime() + 1));
        const retried = await keyed(s, key, '/api/Payments/create-payment-intent', {
          productId: 'tokens-350',
        });
        expect(retried.statusCode).toBe(200);
        expect(retried.headers['idempotent-replayed']).toBe('true');
        expect(retried.json().orderId).toBe(created.json().orderId);
        const orders = await t.db.query('SELECT id FROM payment_orders WHERE user_id = $1', [s.userId]);
        expect(orders).toHaveLength(1);
        expect(await charges(s.userId)).toEqual({ kept: 1, refunded: 0 });
      });

      it('should answer a one-click key whose process died between the charge and fulfilment as paid, once', async () => {
        const { session: s } = await buy(t, 'tokens-350');
        const provider = t.control.providers.solidgate;
        const realCharge = provider.chargeToken.bind(provider);
        let release: () => void = () => undefined;
        const frozen = new Promise<void>((resolve) => (release = resolve));
        // The provider charged; this process never hears back (killed), so nothing is fulfilled or saved.
        provider.chargeToken = async (input) => {
          const charged = await realCharge(input);
          await frozen;
          return charged;
        };
        const key = crypto.randomUUID();
        const body = { productId: 'tokens-550', consent: true };
        const dying = keyed(s, key, '/api/Payments/one-click', body);
        try {
          for (let i = 0; i < 50; i += 1) {
            const charged = await t.db.query(
              `SELECT 1 FROM sandbox_orders s JOIN payment_orders o ON o.id::text = s.merchant_order_id
               WHERE o.user_id = $1 AND o.product_id = 'tokens-550'`,
              [s.userId],
            );
            if (charged.length > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          expect((await keyed(s, key, '/api/Payments/one-click', body)).statusCode).toBe(409);

          // The next start settles the key from the provider's view of its order.
          await t.control.recoverKeys(new Date(t.clock.now().getTime() + 1));
          const retried = await keyed(s, key, '/api/Payments/one-click', body);
          expect(retried.statusCode).toBe(200);
          expect(retried.json()).toMatchObject({
            status: 'approved',
            success: true,
            productId: 'tokens-550',
          });
          await settle();
          const credits = await t.db.query(
            `SELECT 1 FROM token_ledger WHERE user_id = $1 AND ref_id = $2 AND delta > 0`,
            [s.userId, retried.json().orderId],
          );
          expect(credits).toHaveLength(1);
        } finally {
          provider.chargeToken = realCharge;
          release();
          await dying;
        }
        expect(await charges(s.userId)).toEqual({ kept: 2, refunded: 0 });
      });

      it('should settle keys left in flight when the API starts again', async () => {
        const s = await preRegister(t.app);
        const key = crypto.randomUUID();
        const created = await keyed(s, key, '/api/Payments/create-payment-intent', {
          productId: 'tokens-350',
        });
        await dropAnswer(key);
        // The process that held the request is gone; a new one starts on the same database.
        const restarted = await buildApp({
          config: t.config,
          db: t.db,
          now: () => new Date(t.clock.now().getTime() + 1000),
          features: [
            ...CORE_FEATURES,
            paymentsFeature({
              notifier: { payment: async () => undefined, registration: async () => undefined },
            }),
          ],
        });
        try {
          await expect
            .poll(async () => {
              const rows = await t.db.query<{ response_status: number | null }>(
                'SELECT response_status FROM payment_idempotency_keys WHERE key = $1',
                [key],
              );
              return rows[0]?.response_status;
            })
            .toBe(200);
        } finally {
          await restarted.close();
        }
        const retried = await keyed(s, key, '/api/Payments/create-payment-intent', {
          productId: 'tokens-350',
        });
        expect(retried.json().orderId).toBe(created.json().orderId);
      });

      it('should refund a charge the provider made after we gave up on its order, once', async () => {
        const { session: s } = await buy(t, 'tokens-350');
        const provider = t.control.providers.solidgate;
        const realCharge = provider.chargeToken.bind(provider);
        // The provider charges, then the connection drops every time: the buyer is told to try again (502).
        provider.chargeToken = async (input) => {
          await realCharge(input);
          throw new Error('socket hang up');
        };
        let failed;
        try {
          failed = await keyed(s, crypto.randomUUID(), '/api/Payments/one-click', {
            productId: 'tokens-550',
            consent: true,
          });
        } finally {
          provider.chargeToken = realCharge;
        }
        expect(failed.statusCode).toBe(502);
        const balanceBefore = await balanceOf(t.db, s.userId);
        await settle();
        await settle();
        // Charged once by the provider, returned once, nothing granted for it.
        const [order] = await t.db.query<{ id: string; status: string; error_code: string }>(
          `SELECT id, status, error_code FROM payment_orders WHERE user_id = $1 AND product_id = 'tokens-550'`,
          [s.userId],
        );
        expect(order).toMatchObject({ status: 'refunded', error_code: 'order_expired' });
        expect(await charges(s.userId)).toEqual({ kept: 1, refunded: 1 });
        expect(await balanceOf(t.db, s.userId)).toBe(balanceBefore);
      });

      it('should release a key whose request died before the provider saw it, so the same key buys once', async () => {
        const s = await preRegister(t.app);
        const key = crypto.randomUUID();
        const first = await keyed(s, key, '/api/Payments/create-payment-intent', { productId: 'tokens-350' });
        // Left in flight with no order behind it (killed before the order was written).
        await t.db.query('DELETE FROM payment_orders WHERE user_id = $1', [s.userId]);
        await dropAnswer(key);
        expect(first.statusCode).toBe(200);
        await t.control.recoverKeys(new Date(t.clock.now().getTime() + 1));
        const again = await keyed(s, key, '/api/Payments/create-payment-intent', { productId: 'tokens-350' });
        expect(again.statusCode).toBe(200);
        expect(again.headers['idempotent-replayed']).toBeUndefined();
        const orders = await t.db.query('SELECT id FROM payment_orders WHERE user_id = $1', [s.userId]);
        expect(orders).toHaveLength(1);
      });
    });

    describe('offers', () => {
      it('should sell the welcome pack only to a new user, once across its three steps', async () => {
        const { session: s } = await buy(t, 'tokens-350');
        for (const productId of [
          'tokens-welcome',
          'tokens-welcome-90',
          'tokens-welcome-90',
          'tokens-welcome-90',
        ]) {
          const res = await createIntent(t.app, s, { productId });
          expect(res.statusCode, productId).toBe(409);
          expect(res.json().error).toMatchObject({ code: 'offer_used', field: 'productId' });
        }
        const fresh = await preRegister(t.app);
        const first = await open(fresh, 'tokens-welcome-90');
        await payOnPage(t.app, first.paymentUrl, { number: SUCCESS });
        await settle();
        const again = await createIntent(t.app, fresh, { productId: 'tokens-welcome' });
        expect(again.statusCode).toBe(409);
        expect(again.json().error.code).toBe('offer_used');
      });

      it('should keep one welcome pack when a new user pays three open welcome pages', async () => {
        const s = await preRegister(t.app);
        const pages = [
          await open(s, 'tokens-welcome'),
          await open(s, 'tokens-welcome-70'),
          await open(s, 'tokens-welcome-90'),
        ];
        await Promise.all(pages.map((page) => payOnPage(t.app, page.paymentUrl, { number: SUCCESS })));
        await settle();
        expect(await charges(s.userId)).toEqual({ kept: 1, refunded: 2 });
        const credits = await t.db.query(
          `SELECT 1 FROM token_ledger WHERE user_id = $1 AND delta > 0 AND reason = 'purchase'`,
          [s.userId],
        );
        expect(credits).toHaveLength(1);
        const refused = await t.db.query<{ error_code: string }>(
          `SELECT error_code FROM payment_orders WHERE user_id = $1 AND status = 'refunded'`,
          [s.userId],
        );
        expect(refused.map((row) => row.error_code)).toEqual(['offer_used', 'offer_used']);
      });

      it('should sell the mystery box once and the upsell again and again', async () => {
        const s = await preRegister(t.app);
        await buy(t, 'tokens-550-box', s);
        expect((await createIntent(t.app, s, { productId: 'tokens-550-box' })).statusCode).toBe(409);
        await buy(t, 'tokens-700-upsell', s);
        expect((await createIntent(t.app, s, { productId: 'tokens-700-upsell' })).statusCode).toBe(200);
      });
    });
  });
});
