import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister } from '../../../test/harness.ts';
import { createIntent, paymentsAppPerSuite, payOnPage } from './test-kit.ts';

// Each of these is a path to another host (or a header no browser takes) once the URL parser has run.
const SNEAKY = [
  '/\t/evil.example/x',
  '/\n/x',
  '/\r\n/evil.example',
  '/\\evil.example',
  ' //evil.example',
  '/x\u0000',
];

describe.each(BACKENDS)('return URLs on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('return URLs', () => {
    const t = paymentsAppPerSuite(backend);

    it('should refuse successUrl and failUrl with control characters with 400 naming the field', async () => {
      const s = await preRegister(t.app);
      for (const url of SNEAKY) {
        for (const field of ['successUrl', 'failUrl']) {
          const res = await createIntent(t.app, s, { productId: 'tokens-350', [field]: url });
          expect(res.statusCode, `${field}=${JSON.stringify(url)}`).toBe(400);
          expect(res.json().error.field).toBe(field);
        }
      }
      const orders = await t.db.query('SELECT id FROM payment_orders WHERE user_id = $1', [s.userId]);
      expect(orders).toHaveLength(0);
    });

    it('should refuse a checkout redirectUrl with control characters', async () => {
      const s = await preRegister(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Payments/checkout/start',
        headers: { ...bearer(s.accessToken), 'idempotency-key': crypto.randomUUID() },
        payload: { productId: 'tokens-350', isPurchaseTokens: true, redirectUrl: '/\t/evil.example/x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('redirectUrl');
    });

    it('should send the buyer back to a path on this site only', async () => {
      const s = await preRegister(t.app);
      const res = await createIntent(t.app, s, {
        productId: 'tokens-350',
        successUrl: '/tokens/../pricing?a=1',
      });
      expect(res.statusCode).toBe(200);
      const paid = await payOnPage(t.app, res.json().paymentUrl, { number: '4067429974719265' });
      expect(paid.statusCode).toBe(303);
      expect(paid.location.startsWith('/pricing?a=1&')).toBe(true);
      expect(new URL(paid.location, t.config.publicUrl).origin).toBe(new URL(t.config.publicUrl).origin);
    });

    it('should serve the hosted card page under a CSP: no script, its own stylesheet by hash, posts to itself, no frames', async () => {
      const s = await preRegister(t.app);
      const res = await createIntent(t.app, s, { productId: 'tokens-350' });
      const page = await t.app.inject({
        method: 'GET',
        url: res.json().paymentUrl,
        headers: { accept: 'text/html' },
      });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)![1]!;
      const hash = crypto.createHash('sha256').update(style).digest('base64');
      expect(csp).toContain(`style-src 'sha256-${hash}'`);
      expect(page.body).not.toContain('<script');
    });

    it('should end a charge with an unusable stored return URL on the paid page, never a 500', async () => {
      const s = await preRegister(t.app);
      const res = await createIntent(t.app, s, { productId: 'tokens-350' });
      const { orderId, paymentUrl } = res.json<{ orderId: string; paymentUrl: string }>();
      // A row written before return URLs were parsed strictly.
      await t.db.query('UPDATE sandbox_orders SET success_url = $2 WHERE merchant_order_id = $1', [
        orderId,
        '/\n/x',
      ]);
      const paid = await t.app.inject({
        method: 'POST',
        url: paymentUrl,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams({
          cardNumber: '4067429974719265',
          cardExpiryDate: '12/35',
          cardCvv: '123',
          cardHolder: 'Test Holder',
        }).toString(),
      });
      expect(paid.statusCode).toBe(200);
      expect(paid.body).toContain('This order is paid');
      await t.control.dispatchWebhooks();
      const order = await t.db.query<{ status: string }>('SELECT status FROM payment_orders WHERE id = $1', [
        orderId,
      ]);
      expect(order[0]!.status).toBe('approved');
      const credits = await t.db.query('SELECT id FROM token_ledger WHERE ref_id = $1 AND delta > 0', [
        orderId,
      ]);
      expect(credits).toHaveLength(1);
    });
  });
});
