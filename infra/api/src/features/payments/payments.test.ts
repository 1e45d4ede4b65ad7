import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentNotification, RegistrationNotification } from '@companion/contracts';
import {
  BACKENDS,
  bearer,
  magicCodeFor,
  preRegister,
  registerAccount,
  requestAs,
} from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { DECLINE_CODES, TEST_CARDS, luhnValid } from './sandbox/test-cards.ts';
import { setAdmin } from '../../http/admin.ts';
import { REGISTRATION_RESEND_DELAYS_S } from './outbox.ts';
import { signWebhook } from './signatures.ts';
import { buy, createIntent, createPaymentsApp, paymentsAppPerSuite, payOnPage, RETURN } from './test-kit.ts';
import { PLAN_BANK_DECLINE, SPECIAL_BANK_DECLINE } from './bank-declines.ts';
import { balanceOf } from '../../seed/test-fixtures.ts';

const SUCCESS = '4067429974719265';
const THREE_DS = '4000002760003184';
const cardFor = (code: string) => TEST_CARDS.find((card) => card.outcome === code)!;

describe.each(BACKENDS)('payments on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('payments', () => {
    const t = paymentsAppPerSuite(backend);

    const get = (s: TestSession, url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/${url}`, headers: { ...bearer(s.accessToken), ...headers } });
    const post = (s: TestSession, url: string, payload?: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/${url}`,
        headers: bearer(s.accessToken),
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
    // From the table, not the API: tests that move the clock by days outlive their access tokens.
    const balance = (s: TestSession) => balanceOf(t.db, s.userId);
    const userRow = async (s: TestSession) =>
      (
        await t.db.query<{ period_in_months: string; active_subscription: Record<string, unknown> | null }>(
          'SELECT period_in_months, active_subscription FROM users WHERE id = $1',
          [s.userId],
        )
      )[0]!;
    const order = async (id: string) =>
      (await t.db.query<Record<string, unknown>>('SELECT * FROM payment_orders WHERE id = $1', [id]))[0]!;
    const notificationsFor = (orderId: string) =>
      t.sent.filter((n) => (n.payload as PaymentNotification).orderId === orderId);
    const sandboxOrder = async (orderId: string) => (await t.control.engine.status('solidgate', orderId))!;
    /** A valid signed webhook for the order as the sandbox sees it, with overrides applied to the body. */
    const signedWebhook = async (orderId: string, patch?: (body: Record<string, unknown>) => void) => {
      const hook = t.control.engine.webhookFor(await sandboxOrder(orderId));
      if (!patch) return hook;
      const body = JSON.parse(hook.body) as Record<string, unknown>;
      patch(body);
      const text = JSON.stringify(body);
      const headers = signWebhook('solidgate', t.control.keys.solidgate, text, hook.eventId, new Date());
      return { headers, body: text, eventId: hook.eventId };
    };
    const deliver = (hook: { headers: Record<string, string>; body: string }, provider = 'solidgate') =>
      t.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${provider}`,
        headers: { ...hook.headers, 'content-type': 'application/json' },
        payload: hook.body,
      });
    /** Creates an order and pays it on the page; webhooks stay queued. */
    const startPaid = async (productId: string, number = SUCCESS, s?: TestSession) => {
      const session = s ?? (await preRegister(t.app));
      const res = await createIntent(t.app, session, { productId });
      expect(res.statusCode).toBe(200);
      const { orderId, paymentUrl } = res.json<{ orderId: string; paymentUrl: string }>();
      t.control.engine.faults.holdWebhooks = true;
      // 3-D Secure cards stop on the challenge page.
      const page = await payOnPage(t.app, paymentUrl, { number, otp: null });
      t.control.engine.faults.holdWebhooks = false;
      return { session, orderId, page };
    };

    describe('catalogue', () => {
      it('should serve the four plans with the legal texts’ intro prices and every Product field', async () => {
        const s = await preRegister(t.app);
        const res = await get(s, 'Payments/subscription-products');
        expect(res.statusCode).toBe(200);
        const plans = res.json<Array<Record<string, unknown>>>();
        expect(plans.map((p) => [p.title, p.currentPrice, p.previousPrice])).toEqual([
          ['Weekly', 699, 3999],
          ['1 month', 1999, 3999],
          ['3 months', 4399, 10999],
          ['Year', 11999, 39999],
        ]);
        const quarterly = plans[2]!;
        expect(quarterly).toMatchObject({
          periodType: 'month',
          periodValue: 3,
          periodInMonths: 3,
          isSubscriptionProduct: true,
          isLifetimeSubscription: false,
          billingPeriod: { unit: 'month', value: 3 },
          productPrice: 4399,
          discount: 60,
        });
        expect(quarterly.currentPriceDaily).toBeCloseTo(4399 / 90, 1);
        expect(quarterly.currentPriceMonthly).toBeCloseTo(4399 / 3, 1);
        for (const key of [
          'previousPriceDaily',
          'previousPriceMonthly',
          'discountText',
          'additionalDiscountPercent',
          'extraBonusMonth',
          'isPopular',
        ])
          expect(quarterly).toHaveProperty(key);
        const lifetime = (await get(s, 'Payments/lifetime-subscription-products')).json()[0];
        expect(lifetime).toMatchObject({
          periodType: 'year',
          periodValue: 100,
          isLifetimeSubscription: true,
          periodInMonths: 1200,
        });
      });

      it('should serve the token packs and every offer list', async () => {
        const s = await preRegister(t.app);
        const packs = (await get(s, 'Payments/one-time-pay-products')).json<Array<Record<string, number>>>();
        expect(packs.map((p) => [p.tokenAmount, p.tokenBonus, p.tokenCount])).toEqual(
          expect.arrayContaining([
            [350, 0, 350],
            [550, 50, 600],
            [1150, 150, 1300],
          ]),
        );
        expect((await get(s, 'Payments/upsell-products')).json()[0].bonus).toBe(50);
        expect(
          (await get(s, 'Payments/downsell-on-token-upsell?tokenProductId=tokens-350')).json()[0].bonus,
        ).toBe(30);
        expect((await get(s, 'Payments/token-purchase-extra-products')).json()[0].title).toBe('Welcome Pack');
        expect((await get(s, 'Payments/token-purchase-extra-products?step=downsell')).json()[0].bonus).toBe(
          70,
        );
        expect((await get(s, 'Payments/token-purchase-extra-products?step=extra')).json()[0].bonus).toBe(90);
        const x2 = (await get(s, 'Payments/insufficient-funds-products')).json()[0];
        expect(x2.tokenCount).toBe(x2.tokenAmount * 2);
        expect((await get(s, 'Payments/insufficient-funds-products?variant=downsell')).json()[0].bonus).toBe(
          70,
        );
        const monthly = (await get(s, 'Payments/insufficient-funds-products?variant=monthly')).json();
        expect(
          monthly.every(
            (p: { periodType: string; periodValue: number }) =>
              p.periodType === 'month' && p.periodValue === 1,
          ),
        ).toBe(true);
        expect(
          (await get(s, 'Payments/downsell/products?downsellType=extra')).json()[0].additionalDiscountPercent,
        ).toBe(20);
        expect((await get(s, 'Payments/user-active-subscription')).json()).toBeNull();
      });

      it('should list the plans without a token, by the CDN country, and refuse a bad token (ADR 0455)', async () => {
        const anonymous = (headers: Record<string, string> = {}) =>
          t.app.inject({ method: 'GET', url: '/api/Payments/subscription-products', headers });
        const plain = await anonymous();
        expect(plain.statusCode).toBe(200);
        const s = await preRegister(t.app);
        // The same list a signed-in caller of the same region gets: the origin renders /pricing with it.
        expect(plain.json()).toEqual((await get(s, 'Payments/subscription-products')).json());
        expect((await anonymous({ 'cf-ipcountry': 'CA' })).json()[0].id).toBe('sub-weekly-ca');
        // A token that is sent must be valid: a stale session is not silently served as a visitor.
        const forged = await anonymous({ authorization: 'Bearer not-a-token' });
        expect(forged.statusCode).toBe(401);
        // Only the plans are public: the offers and lists that depend on the caller still ask for a session.
        for (const url of ['lifetime-subscription-products', 'one-time-pay-products', 'upsell-products'])
          expect((await t.app.inject({ method: 'GET', url: `/api/Payments/${url}` })).statusCode).toBe(401);
      });

      it('should answer region variants by the CDN country and hide the admin lists from non-admins', async () => {
        const s = await preRegister(t.app);
        const ca = (await get(s, 'Payments/subscription-products', { 'cf-ipcountry': 'CA' })).json();
        expect(ca[0].id).toBe('sub-weekly-ca');
        // A region with no variant of a list falls back to the default one.
        expect((await get(s, 'Payments/upsell-products', { 'cf-ipcountry': 'US' })).json()).toHaveLength(1);
        expect((await get(s, 'Payments/admin-subscription-products-hidden')).statusCode).toBe(403);
        expect((await get(s, 'Payments/admin-one-time-pay-products-hidden')).statusCode).toBe(403);
        // A hidden product cannot be bought by a non-admin either.
        expect((await createIntent(t.app, s, { productId: 'tokens-10-staff' })).statusCode).toBe(400);
        // What `admin:grant <user id>` runs.
        expect(await setAdmin(t.db, s.userId, true)).toEqual([{ id: s.userId, email: null }]);
        expect((await get(s, 'Payments/admin-subscription-products-hidden')).json()[0].id).toBe(
          'sub-1m-staff',
        );
        expect((await get(s, 'Payments/admin-one-time-pay-products-hidden')).json()[0].id).toBe(
          'tokens-10-staff',
        );
      });
    });

    describe('provider choice (001 §1)', () => {
      it('should pick yuno for the US without a utm source, else the preference (solidgate)', async () => {
        const s = await preRegister(t.app);
        expect((await get(s, 'User', { 'cf-ipcountry': 'US' })).json().paymentSystem).toBe('yuno');
        expect((await get(s, 'User', { 'cf-ipcountry': 'DE' })).json().paymentSystem).toBe('solidgate');
        // Accept-Language is not a location.
        expect((await get(s, 'User', { 'accept-language': 'en-US' })).json().paymentSystem).toBe('solidgate');
        const us = await createIntent(
          t.app,
          s,
          { productId: 'tokens-350' },
          { headers: { 'cf-ipcountry': 'CA' } },
        );
        expect(us.json().paymentSystem).toBe('yuno');
        await t.db.query(`UPDATE users SET utm_source = 'tiktok' WHERE id = $1`, [s.userId]);
        expect((await get(s, 'User', { 'cf-ipcountry': 'US' })).json().paymentSystem).toBe('solidgate');
      });
    });

    describe('paying', () => {
      it('should credit a token pack once, save the card and notify the buyer', async () => {
        const { session, orderId } = await buy(t, 'tokens-550');
        expect(await balance(session)).toBe(600);
        const [sent] = notificationsFor(orderId);
        expect(sent!.userId).toBe(session.userId);
        expect(sent!.payload).toMatchObject({
          success: true,
          product: { id: 'tokens-550', isSubscriptionProduct: false },
          amountPaid: 3999,
          currencyPaid: 'USD',
          subscription: null,
          remainingBalance: 600,
          orderId,
        });
        const user = (await get(session, 'User')).json();
        expect(user.isCardTokenExists).toBe(true);
        const cards = (await get(session, 'Payments/user-card-info')).json();
        expect(cards).toEqual([expect.objectContaining({ brand: 'visa', last4: '9265' })]);
        const status = (await get(session, `payments/check-order-status?orderId=${orderId}`)).json();
        expect(status).toMatchObject({ status: 'approved', success: true, isFinal: true });
        const metrics = await t.app.inject({ method: 'GET', url: '/api/metrics' });
        expect(metrics.body).toMatch(
          /payments_provider_events_total\{provider="solidgate",outcome="fulfilled"\} [1-9]/,
        );
      });

      it('should pass 3-D Secure with 1234 and decline 5.01 / 2.11 on other codes', async () => {
        const ok = await startPaid('tokens-350', THREE_DS);
        // The page answered 303 to the challenge, and the order waits there.
        expect((await sandboxOrder(ok.orderId)).status).toBe('3ds_verify');
        const otp = await t.app.inject({
          method: 'POST',
          url: `/api/sandbox/3ds/${(await sandboxOrder(ok.orderId)).id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'otp=1234',
        });
        expect(otp.statusCode).toBe(303);
        expect(otp.headers.location).toContain('/pricing?paid=1');
        expect(otp.headers.location).toContain(`orderId=${ok.orderId}`);
        await t.control.dispatchWebhooks();
        expect(await balance(ok.session)).toBe(350);

        for (const [code, expected] of [
          ['1111', '5.01'],
          ['3333', '2.11'],
        ] as const) {
          const s = await preRegister(t.app);
          const res = await createIntent(t.app, s, { productId: 'tokens-350' });
          const page = await payOnPage(t.app, res.json().paymentUrl, { number: THREE_DS, otp: code });
          expect(page.location).toContain('/pricing?failed=1');
          await t.control.dispatchWebhooks();
          expect((await order(res.json().orderId)).error_code).toBe(expected);
        }
      });

      it('should render an accessible hosted page and re-render field errors without charging', async () => {
        const s = await preRegister(t.app);
        const { paymentUrl } = (await createIntent(t.app, s, { productId: 'tokens-350' })).json();
        const page = await t.app.inject({ method: 'GET', url: paymentUrl });
        expect(page.statusCode).toBe(200);
        for (const name of ['cardNumber', 'cardExpiryDate', 'cardCvv', 'cardHolder'])
          expect(page.body).toContain(`<label for="${name}">`);
        const form = 'cardNumber=abc&cardExpiryDate=13/40&cardCvv=1&cardHolder=<b>x';
        const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
        const bad = await t.app.inject({
          method: 'POST',
          url: paymentUrl,
          headers: { ...browser, 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.body).toContain('role="alert"');
        expect(bad.body).toContain('aria-invalid="true"');
        expect(bad.body).not.toContain('<b>x');
        const notFound = await t.app.inject({
          method: 'GET',
          url: '/api/sandbox/pay/sbx_nope',
          headers: browser,
        });
        expect(notFound.statusCode).toBe(404);
        expect(notFound.body).toContain('Order not found');
        // A client that is not a browser gets the platform's JSON error naming the field instead of a page.
        const api = await t.app.inject({
          method: 'POST',
          url: paymentUrl,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
        });
        expect(api.statusCode).toBe(400);
        expect(api.json().error).toMatchObject({ code: 'validation_failed', field: 'cardNumber' });
        const apiNotFound = await t.app.inject({ method: 'GET', url: '/api/sandbox/pay/sbx_nope' });
        expect(apiNotFound.statusCode).toBe(404);
        expect(apiNotFound.json().error).toMatchObject({ code: 'order_not_found', field: 'id' });
      });

      it('should publish the test-card table: Luhn-valid, one card per decline code', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/sandbox/test-cards' });
        const cards = res.json<Array<{ number: string; outcome: string; threeDS: boolean }>>();
        for (const code of DECLINE_CODES) expect(cards.some((c) => c.outcome === code)).toBe(true);
        expect(cards.every((c) => luhnValid(c.number))).toBe(true);
        expect(cards.some((c) => c.outcome === 'success' && c.threeDS)).toBe(true);
      });
    });

    describe('yuno and paypal envelopes', () => {
      it('should pay through yuno with its return parameters and signed webhook', async () => {
        const s = await preRegister(t.app);
        const res = await createIntent(
          t.app,
          s,
          { productId: 'tokens-350' },
          { url: '/api/YunoPayments/create-payment' },
        );
        expect(res.json().paymentSystem).toBe('yuno');
        const page = await payOnPage(t.app, res.json().paymentUrl, { number: SUCCESS });
        const back = new URL(page.location, 'http://x');
        expect(Object.fromEntries(back.searchParams)).toMatchObject({
          orderId: res.json().orderId,
          productId: 'tokens-350',
          purchaseType: 'token',
          userId: s.userId,
          paymentSystem: 'yuno',
          state: 'SUCCEEDED',
        });
        await t.control.dispatchWebhooks();
        expect(await balance(s)).toBe(350);
        expect((await get(s, 'YunoPayments/user-card-info')).json()).toHaveLength(1);
        expect((await get(s, 'Payments/user-card-info')).json()).toHaveLength(0);
        // A yuno webhook must carry yuno's signature: Solidgate headers on the yuno endpoint are refused.
        const row = (await t.control.engine.status('yuno', res.json().orderId))!;
        const hook = t.control.engine.webhookFor(row);
        expect((await deliver(hook, 'yuno')).json().outcome).toBe('ignored');
        expect((await deliver({ ...hook, headers: { 'x-hmac-signature': 'AAAA' } }, 'yuno')).statusCode).toBe(
          401,
        );
      });

      it('should pay a subscription through paypal, returning token and subscription_id, and save no card', async () => {
        const s = await preRegister(t.app);
        const res = await createIntent(
          t.app,
          s,
          { productId: 'sub-1m' },
          { url: '/api/PaypalPayments/create-payment' },
        );
        const page = await payOnPage(t.app, res.json().paymentUrl, { number: SUCCESS });
        const params = new URL(page.location, 'http://x').searchParams;
        expect(params.get('purchaseType')).toBe('subscription');
        expect(params.get('token')).toMatch(/^sbx_/);
        expect(params.get('subscription_id')).toBe(params.get('token'));
        await t.control.dispatchWebhooks();
        expect(await userRow(s)).toMatchObject({ period_in_months: 'monthly' });
        expect((await userRow(s)).active_subscription).toMatchObject({ paymentSystem: 'paypal' });
        expect((await get(s, 'User')).json().isCardTokenExists).toBe(false);
        // A paypal decline through the same engine.
        const other = await preRegister(t.app);
        const declined = await createIntent(
          t.app,
          other,
          { productId: 'tokens-350' },
          { url: '/api/PaypalPayments/create-payment' },
        );
        await payOnPage(t.app, declined.json().paymentUrl, { number: cardFor('3.04').number });
        await t.control.dispatchWebhooks();
        expect(await order(declined.json().orderId)).toMatchObject({
          status: 'declined',
          error_code: '3.04',
        });
      });
    });

    describe('the ten fault tests (docs/research/payments.md §7)', () => {
      it('1: five deliveries of one webhook (two concurrent) credit once, notify once', async () => {
        const { session, orderId } = await startPaid('tokens-550');
        const hook = await signedWebhook(orderId);
        const results = await Promise.all([deliver(hook), deliver(hook)]);
        for (let i = 0; i < 3; i += 1) results.push(await deliver(hook));
        expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
        await t.control.relayOutbox();
        expect(await balance(session)).toBe(600);
        const ledger = await t.db.query('SELECT * FROM token_ledger WHERE ref_id = $1', [orderId]);
        expect(ledger).toHaveLength(1);
        expect(notificationsFor(orderId)).toHaveLength(1);
      });

      it('2: two different events saying approved (and the queued one) still credit once', async () => {
        const { session, orderId } = await startPaid('tokens-350');
        expect((await deliver(await signedWebhook(orderId))).json().outcome).toBe('fulfilled');
        expect((await deliver(await signedWebhook(orderId))).json().outcome).toBe('ignored');
        await t.control.dispatchWebhooks();
        expect(await balance(session)).toBe(350);
      });

      it('3: client prices are refused, the provider gets the catalogue price, return URLs stay home', async () => {
        const s = await preRegister(t.app);
        const tampered = await createIntent(t.app, s, {
          productId: 'sub-weekly',
          amount: 1,
          currency: 'XXX',
        });
        expect(tampered.statusCode).toBe(400);
        expect(tampered.json().error.field).toBe('amount');
        const ok = await createIntent(t.app, s, { productId: 'sub-weekly' });
        expect((await sandboxOrder(ok.json().orderId)).amount).toBe(699);
        const unknown = await createIntent(t.app, s, { productId: 'sub-free' });
        expect(unknown.statusCode).toBe(400);
        expect(unknown.json().error.field).toBe('productId');
        for (const successUrl of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
          const foreign = await createIntent(t.app, s, { productId: 'sub-weekly', successUrl });
          expect(foreign.statusCode).toBe(400);
          expect(foreign.json().error.field).toBe('successUrl');
        }
        const own = await createIntent(t.app, s, {
          productId: 'tokens-350',
          failUrl: `${t.config.publicUrl}/tokens`,
        });
        expect(own.statusCode).toBe(200);
      });

      it('4: a webhook before the redirect: the status answers success at once, no second credit', async () => {
        const { session, orderId } = await startPaid('tokens-350', THREE_DS);
        const sbx = await sandboxOrder(orderId);
        t.control.engine.faults.holdWebhooks = true;
        await t.app.inject({
          method: 'POST',
          url: `/api/sandbox/3ds/${sbx.id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'otp=1234',
        });
        t.control.engine.faults.holdWebhooks = false;
        await t.control.dispatchWebhooks();
        const status = (await get(session, `payments/check-order-status?orderId=${orderId}`)).json();
        expect(status).toMatchObject({ status: 'approved', success: true });
        await deliver(await signedWebhook(orderId));
        expect(await balance(session)).toBe(350);
      });

      it('5: a redirect before the webhook: the status pull fulfils, the late webhook is a no-op', async () => {
        const pending = await startPaid('tokens-350', THREE_DS);
        // Still on the challenge: the pull says 3ds_verify, which is "processing", not "failed".
        const waiting = (
          await get(pending.session, `payments/check-order-status?orderId=${pending.orderId}`)
        ).json();
        expect(waiting).toMatchObject({ isFinal: false, success: false, errorCode: null });

        const { session, orderId } = await startPaid('tokens-350');
        const status = (await get(session, `payments/check-order-status?orderId=${orderId}`)).json();
        expect(status).toMatchObject({ status: 'approved', success: true });
        expect(await balance(session)).toBe(350);
        await t.control.dispatchWebhooks();
        await t.control.dispatchWebhooks();
        expect(await balance(session)).toBe(350);
        const outcomes = await t.db.query<{ outcome: string }>(
          'SELECT outcome FROM payment_webhook_events WHERE order_id = $1 ORDER BY received_at',
          [orderId],
        );
        expect(outcomes.map((o) => o.outcome)).toContain('ignored');
      });

      it('6: a hub that is down keeps the notification in the outbox and sends it once later', async () => {
        await t.control.relayOutbox();
        const { session, orderId } = await startPaid('tokens-350');
        await t.control.dispatchWebhooks();
        t.failSends(1);
        await t.control.relayOutbox();
        expect(notificationsFor(orderId)).toHaveLength(0);
        // The client still learns the result by polling.
        expect((await get(session, `payments/check-order-status?orderId=${orderId}`)).json().success).toBe(
          true,
        );
        t.clock.advance(5_000);
        await t.control.relayOutbox();
        await t.control.relayOutbox();
        expect(notificationsFor(orderId)).toHaveLength(1);
      });

      it('7: forged, altered, re-serialised and replayed webhooks change nothing', async () => {
        const { session, orderId } = await startPaid('tokens-350');
        const hook = await signedWebhook(orderId);
        const forged = [
          {
            ...hook,
            headers: { ...hook.headers, signature: Buffer.from('0'.repeat(128)).toString('base64') },
          },
          { ...hook, headers: { ...hook.headers, merchant: 'wh_pk_someone_else' } },
          { ...hook, body: hook.body.replace('"approved"', '"approvee"') },
          { ...hook, body: JSON.stringify(JSON.parse(hook.body), null, 1) },
          { ...hook, headers: {} },
        ];
        for (const attempt of forged) expect((await deliver(attempt)).statusCode).toBe(401);
        expect(await balance(session)).toBe(0);
        expect((await order(orderId)).status).toBe('created');
        expect((await deliver(hook)).json().outcome).toBe('fulfilled');
        // A valid old "declined" for the same order after approval: a no-op.
        const declined = await signedWebhook(orderId, (body) => {
          (body.order as Record<string, unknown>).status = 'declined';
          body.event_id = `evt_${crypto.randomUUID()}`;
          body.error = { code: '3.02' };
        });
        expect((await deliver(declined)).json().outcome).toBe('ignored');
        expect((await order(orderId)).status).toBe('approved');
        expect(await balance(session)).toBe(350);
      });

      it('8: a paid amount or currency that differs from the order is held, not fulfilled', async () => {
        for (const patch of [{ amount: 100 }, { currency: 'EUR' }]) {
          const { session, orderId } = await startPaid('tokens-550');
          const hook = await signedWebhook(orderId, (body) => Object.assign(body.order as object, patch));
          expect((await deliver(hook)).json().outcome).toBe('held');
          expect((await order(orderId)).status).toBe('held');
          expect(await balance(session)).toBe(0);
          await t.control.dispatchWebhooks();
          expect(await balance(session)).toBe(0);
        }
      });

      it('9: every decline code fails with that code and no entitlement; a retry is a new order', async () => {
        const s = await preRegister(t.app);
        const seen = new Set<string>();
        for (const code of DECLINE_CODES) {
          const card = cardFor(code);
          const res = await createIntent(t.app, s, { productId: 'sub-1m' });
          const { orderId, paymentUrl } = res.json();
          expect(seen.has(orderId)).toBe(false);
          seen.add(orderId);
          const page = await payOnPage(t.app, paymentUrl, { number: card.number });
          expect(page.location).toContain('/pricing?failed=1');
          await t.control.dispatchWebhooks();
          await t.control.relayOutbox();
          const [sent] = notificationsFor(orderId);
          expect(sent?.payload).toMatchObject({
            success: false,
            // A SuttonBank card on a plan is the plain bank decline (001 §5: only token payments keep it; ADR 0430).
            errorCode: code === SPECIAL_BANK_DECLINE ? PLAN_BANK_DECLINE : code,
            orderId,
            subscription: null,
          });
        }
        const user = (await get(s, 'User')).json();
        expect(user).toMatchObject({
          periodInMonths: 'none',
          activeSubscription: null,
          isCardTokenExists: false,
        });
        // A Luhn-invalid number that is not in the table: 2.08.
        const res = await createIntent(t.app, s, { productId: 'tokens-350' });
        await payOnPage(t.app, res.json().paymentUrl, { number: '4000000000000001' });
        await t.control.dispatchWebhooks();
        expect((await order(res.json().orderId)).error_code).toBe('2.08');
      });

      it('9b: one-click with a saved card that declines 3.02, and with another user’s card (404, provider not called)', async () => {
        // A card that paid once and has since run out of money: its token now declines 3.02.
        const broke = await buy(t, 'tokens-350');
        const [brokeCard] = (await get(broke.session, 'Payments/user-card-info')).json();
        await t.db.query(
          `UPDATE sandbox_card_tokens SET card_number = $2
           WHERE token = (SELECT token FROM payment_cards WHERE id = $1)`,
          [brokeCard.id, cardFor('3.02').number],
        );
        const declined = await post(broke.session, 'Payments/one-click', {
          ...RETURN,
          consent: true,
          productId: 'tokens-350',
        });
        expect(declined.json()).toMatchObject({ status: 'declined', errorCode: '3.02' });
        expect(await balance(broke.session)).toBe(350);
        // A 3-D Secure card cannot be charged off-session: 3.09.
        const owner = await buy(t, 'tokens-350', undefined, THREE_DS);
        const [ownerCard] = (await get(owner.session, 'Payments/user-card-info')).json();
        const oneClick = await post(owner.session, 'Payments/one-click', {
          ...RETURN,
          consent: true,
          productId: 'tokens-350',
        });
        expect(oneClick.json()).toMatchObject({ status: 'declined', errorCode: '3.09' });
        await t.control.relayOutbox();
        expect(notificationsFor(oneClick.json().orderId)[0]?.payload).toMatchObject({
          success: false,
          errorCode: '3.09',
        });
        expect(await balance(owner.session)).toBe(350);

        const thief = await buy(t, 'tokens-350');
        const before = await t.db.query('SELECT count(*) AS n FROM sandbox_orders');
        const stolen = await post(thief.session, 'Payments/one-click', {
          ...RETURN,
          consent: true,
          productId: 'tokens-350',
          userCardInfoId: ownerCard.id,
        });
        expect([403, 404]).toContain(stolen.statusCode);
        const after = await t.db.query('SELECT count(*) AS n FROM sandbox_orders');
        expect(after).toEqual(before);
        const resign = await post(thief.session, 'Payments/create-resign-intent', {
          ...RETURN,
          productId: 'tokens-350',
          userCardInfoId: ownerCard.id,
        });
        expect(resign.statusCode).toBe(404);
        const deleteOther = await requestAs(
          t.app,
          thief.session,
          'DELETE',
          `/api/Payments/user-card-info?cardId=${ownerCard.id}`,
        );
        expect(deleteOther.statusCode).toBe(404);

        const own = await post(thief.session, 'Payments/one-click', {
          ...RETURN,
          productId: 'tokens-350',
          consent: true,
        });
        expect(own.json()).toMatchObject({ status: 'approved', success: true });
        expect(await balance(thief.session)).toBe(700);
      });

      it('10: a repeated Idempotency-Key gives one order; another request under it is refused', async () => {
        const s = await preRegister(t.app);
        const key = { 'idempotency-key': crypto.randomUUID() };
        const first = await createIntent(t.app, s, { productId: 'tokens-350' }, { headers: key });
        const second = await createIntent(t.app, s, { productId: 'tokens-350' }, { headers: key });
        expect(second.statusCode).toBe(200);
        expect(second.json()).toEqual(first.json());
        expect(second.headers['idempotent-replayed']).toBe('true');
        const other = await createIntent(t.app, s, { productId: 'tokens-550' }, { headers: key });
        expect(other.statusCode).toBe(422);
        expect(other.json().error.field).toBe('Idempotency-Key');

        const concurrentKey = { 'idempotency-key': crypto.randomUUID() };
        const both = await Promise.all([
          createIntent(t.app, s, { productId: 'tokens-550' }, { headers: concurrentKey }),
          createIntent(t.app, s, { productId: 'tokens-550' }, { headers: concurrentKey }),
        ]);
        const ok = both.filter((r) => r.statusCode === 200);
        expect(ok.length).toBeGreaterThanOrEqual(1);
        for (const r of both) expect([200, 409]).toContain(r.statusCode);
        expect(new Set(ok.map((r) => r.json().orderId)).size).toBe(1);
        const orders = await t.db.query('SELECT id FROM payment_orders WHERE user_id = $1', [s.userId]);
        expect(orders).toHaveLength(2);

        // The provider fails after creating its order: retried on the same order id, one order on each side.
        t.control.engine.faults.failInitsAfterCreate = 1;
        const retried = await createIntent(
          t.app,
          s,
          { productId: 'tokens-1150' },
          { headers: { 'idempotency-key': 'k-retry' } },
        );
        expect(retried.statusCode).toBe(200);
        const sbx = await t.db.query('SELECT id FROM sandbox_orders WHERE merchant_order_id = $1', [
          retried.json().orderId,
        ]);
        expect(sbx).toHaveLength(1);
        expect(await t.db.query('SELECT id FROM payment_orders WHERE user_id = $1', [s.userId])).toHaveLength(
          3,
        );
      });
    });

    it('should credit once when 50 deliveries of one order race', async () => {
      const { session, orderId } = await startPaid('tokens-1150');
      const hooks = await Promise.all(Array.from({ length: 50 }, () => signedWebhook(orderId)));
      const results = await Promise.all(hooks.map((hook) => deliver(hook)));
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      expect(results.filter((r) => r.json().outcome === 'fulfilled')).toHaveLength(1);
      expect(await balance(session)).toBe(1300);
      expect(await t.db.query('SELECT id FROM token_ledger WHERE ref_id = $1', [orderId])).toHaveLength(1);
    });

    it('should retry a webhook the API refused, with backoff, until it lands', async () => {
      const { session, orderId } = await startPaid('tokens-350');
      const hook = async () =>
        (
          await t.db.query<{ attempts: number; delivered_at: Date | null; last_status: number | null }>(
            'SELECT attempts, delivered_at, last_status FROM sandbox_webhooks WHERE body LIKE $1',
            [`%${orderId}%`],
          )
        )[0]!;
      await t.db.query(
        `UPDATE sandbox_webhooks SET url = '/api/payments/webhooks/nowhere' WHERE body LIKE $1`,
        [`%${orderId}%`],
      );
      await t.control.dispatchWebhooks();
      expect(await hook()).toMatchObject({ attempts: 1, delivered_at: null, last_status: 404 });
      await t.db.query(
        `UPDATE sandbox_webhooks SET url = '/api/payments/webhooks/solidgate' WHERE body LIKE $1`,
        [`%${orderId}%`],
      );
      // Not due yet: the backoff holds it.
      await t.control.dispatchWebhooks();
      expect((await hook()).attempts).toBe(1);
      t.clock.advance(2_000);
      await t.control.dispatchWebhooks();
      expect(await hook()).toMatchObject({ attempts: 2, last_status: 200 });
      expect(await balance(session)).toBe(350);
    });

    it('should keep an anonymous payer anonymous, mail the e-mail a link, and make the account in place when they follow it', async () => {
      const s = await preRegister(t.app);
      const res = await createIntent(t.app, s, { productId: 'tokens-350' });
      const page = await t.app.inject({ method: 'GET', url: res.json().paymentUrl });
      expect(page.body).toContain('name="email"');
      const email = `payer-${crypto.randomUUID()}@example.com`;
      await payOnPage(t.app, res.json().paymentUrl, { number: SUCCESS, email });
      await t.control.dispatchWebhooks();
      await t.control.relayOutbox();
      // The address is a contact until proven: no registration, the purchase on the anonymous account.
      const registrations = () =>
        t.sent.filter((n) => n.event === 'RegistrationNotification' && n.userId === s.userId).length;
      expect(registrations()).toBe(0);
      expect((await get(s, 'User')).json()).toMatchObject({ id: s.userId, email: null });
      expect(await balance(s)).toBe(350);
      expect(t.mails.at(-1)).toMatchObject({
        to: email,
        subject: 'Confirm your e-mail to keep your purchase',
      });
      // Followed in the same browser: the payer's own anonymous user becomes the account, purchase and all.
      const signIn = await requestAs(t.app, s, 'POST', '/api/Authenticate/magic-link-login', {
        MagicLinkCode: magicCodeFor(t, email),
        UserId: s.userId,
      });
      expect(signIn.json()).toMatchObject({ userId: s.userId, isNewUser: true });
      const owner = { ...s, accessToken: signIn.json().accessToken as string };
      expect((await get(owner, 'User')).json()).toMatchObject({ id: s.userId, email });
      expect(await balance(owner)).toBe(350);
      // The payer's other tabs learn it through registrationNotificationHub (re-sent for tabs arriving late).
      await t.control.relayOutbox();
      expect(registrations()).toBe(1);
      const tokens = (
        t.sent.find((n) => n.event === 'RegistrationNotification' && n.userId === s.userId)!
          .payload as RegistrationNotification
      ).tokens;
      expect((await get({ ...s, accessToken: tokens.accessToken }, 'User')).json().email).toBe(email);
      for (const seconds of REGISTRATION_RESEND_DELAYS_S) {
        t.clock.advance(seconds * 1000);
        await t.control.relayOutbox();
      }
      expect(registrations()).toBe(REGISTRATION_RESEND_DELAYS_S.length + 1);
      t.clock.advance(60_000);
      await t.control.relayOutbox();
      expect(registrations()).toBe(REGISTRATION_RESEND_DELAYS_S.length + 1);
      t.clock.advance(-(60 + 20) * 1000);
    });

    it('should never hand a payer the account of an e-mail they typed but do not own (ADR 0290)', async () => {
      const attacker = await preRegister(t.app);
      const victimEmail = `victim-${crypto.randomUUID()}@example.com`;
      const res = await createIntent(t.app, attacker, { productId: 'tokens-350' });
      await payOnPage(t.app, res.json().paymentUrl, { number: SUCCESS, email: victimEmail });
      await t.control.dispatchWebhooks();
      await t.control.relayOutbox();
      expect((await get(attacker, 'User')).json()).toMatchObject({ id: attacker.userId, email: null });
      // The real owner signs up as usual: a new account of their own, not the payer's.
      const victim = await registerAccount(t, victimEmail);
      expect(victim).toMatchObject({ isNewUser: true });
      expect(victim.userId).not.toBe(attacker.userId);
      expect((await get(victim, 'User')).json()).toMatchObject({ id: victim.userId, email: victimEmail });
      // The payer's session still reads only its own anonymous account.
      expect((await get(attacker, 'User')).json()).toMatchObject({ id: attacker.userId, email: null });
      // The owner follows the purchase's link from their own device: the payer's account is folded into theirs
      // and every session of it is revoked.
      const claim = t.mails.find((m) => m.to === victimEmail && m.subject.includes('purchase'))!;
      const code = /MagicCode=([A-Za-z0-9_-]+)/.exec(claim.text)![1]!;
      const followed = await t.app.inject({
        method: 'POST',
        url: '/api/Authenticate/magic-link-login',
        payload: { MagicLinkCode: code },
      });
      expect(followed.json()).toMatchObject({ userId: victim.userId, isNewUser: false });
      expect((await get(attacker, 'User')).statusCode).toBe(410);
      expect(await balance(victim)).toBe(350);
    });

    it('should keep a slow bank’s order processing past 20 s, send the buyer back, then settle it once', async () => {
      const slow = TEST_CARDS.find((card) => card.settlesAfterSeconds)!;
      const session = await preRegister(t.app);
      const res = await createIntent(t.app, session, { productId: 'tokens-350' });
      const { orderId, paymentUrl } = res.json<{ orderId: string; paymentUrl: string }>();
      const page = await payOnPage(t.app, paymentUrl, { number: slow.number });
      // Back to the merchant at once, while the bank is still working.
      expect(page.statusCode).toBe(303);
      expect(page.location).toContain(RETURN.successUrl);
      await t.control.dispatchWebhooks();
      await t.control.relayOutbox();
      const status = () => get(session, `payments/check-order-status?orderId=${orderId}`);
      expect((await status()).json()).toMatchObject({ isFinal: false, success: false });
      t.clock.advance(20_000);
      expect(await t.control.engine.settleDue()).toBe(0);
      expect((await status()).json()).toMatchObject({ isFinal: false });
      t.clock.advance(slow.settlesAfterSeconds! * 1000 - 20_000);
      expect(await t.control.engine.settleDue()).toBe(1);
      expect(await t.control.engine.settleDue()).toBe(0);
      await t.control.dispatchWebhooks();
      await t.control.relayOutbox();
      expect((await status()).json()).toMatchObject({ isFinal: true, success: true, amountPaid: 2999 });
      expect(
        notificationsFor(orderId).filter((n) => (n.payload as PaymentNotification).success),
      ).toHaveLength(1);
      expect(await balance(session)).toBe(350);
      t.clock.advance(-slow.settlesAfterSeconds! * 1000);
    });

    describe('subscriptions', () => {
      it('should start, refuse a same-length plan, upgrade, cancel, restore and end at the period end', async () => {
        const { session, orderId } = await buy(t, 'sub-1m');
        const user = (await get(session, 'User')).json();
        expect(user.periodInMonths).toBe('monthly');
        expect(user.activeSubscription).toMatchObject({
          productId: 'sub-1m',
          status: 'active',
          paymentSystem: 'solidgate',
        });
        expect(notificationsFor(orderId)[0]!.payload).toMatchObject({
          success: true,
          subscription: {
            id: user.activeSubscription.id,
            userId: session.userId,
            paymentSystem: 'solidgate',
          },
        });
        const again = await createIntent(t.app, session, { productId: 'sub-weekly' });
        expect(again.statusCode).toBe(409);
        // Only longer plans are offered to a subscriber.
        const offers = (await get(session, 'Payments/downsell/products')).json();
        expect(offers.every((p: { periodInMonths: number }) => p.periodInMonths > 1)).toBe(true);

        const upgrade = await post(session, 'Payments/subscription-products/update', {
          productId: 'sub-12m',
        });
        expect(upgrade.json()).toMatchObject({ status: 'approved', success: true });
        const sub = (await get(session, 'Payments/user-active-subscription')).json();
        expect(sub).toMatchObject({ productId: 'sub-12m', periodType: 'year', periodValue: 1 });
        expect((await get(session, 'User')).json().periodInMonths).toBe('annually');
        const down = await post(session, 'Payments/subscription-products/update', { productId: 'sub-3m' });
        expect(down.statusCode).toBe(409);

        const cancel = await post(session, `Payments/subscription/${sub.id}/cancel`, ['Too expensive']);
        expect(cancel.json()).toMatchObject({ status: 'cancellation_requested' });
        const twice = await post(session, `Payments/subscription/${sub.id}/cancel`, { answers: [] });
        expect(twice.json().cancellationRequestedAt).toBe(cancel.json().cancellationRequestedAt);
        expect((await post(session, `YunoPayments/subscription/${sub.id}/cancel`, [])).statusCode).toBe(409);
        expect((await post(session, `Payments/subscription/${sub.id}/restore`)).json().status).toBe('active');
        await post(session, `Payments/subscription/${sub.id}/cancel`, []);

        t.clock.advance(366 * 24 * 3600 * 1000);
        await t.control.runRenewals();
        expect(await userRow(session)).toMatchObject({ period_in_months: 'none', active_subscription: null });
        t.clock.advance(-366 * 24 * 3600 * 1000);
      });

      it('should change plan on the saved card once per Idempotency-Key and refuse a shorter plan', async () => {
        const { session } = await buy(t, 'sub-1m');
        const update = (productId: string, key: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/Payments/subscription-products/update',
            headers: { ...bearer(session.accessToken), 'idempotency-key': key },
            payload: { productId },
          });
        const key = crypto.randomUUID();
        const [first, second] = await Promise.all([update('sub-3m', key), update('sub-3m', key)]);
        // Two concurrent clicks: one charges, the other is replayed or told the first is still running.
        const answers = [first, second].sort((a, b) => a.statusCode - b.statusCode);
        expect(answers[0]!.statusCode).toBe(200);
        expect([200, 409]).toContain(answers[1]!.statusCode);
        const replay = await update('sub-3m', key);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        expect(replay.json().orderId).toBe(answers[0]!.json().orderId);
        expect(answers[0]!.json()).toMatchObject({ status: 'approved', success: true, amountPaid: 4399 });
        const upgrades = await t.db.query(
          `SELECT id FROM payment_orders WHERE user_id = $1 AND kind = 'upgrade'`,
          [session.userId],
        );
        expect(upgrades).toHaveLength(1);
        expect((await userRow(session)).period_in_months).toBe('quarterly');
        const reused = await update('sub-12m', key);
        expect(reused.statusCode).toBe(422);
        expect(reused.json().error.field).toBe('Idempotency-Key');
        const shorter = await update('sub-1m', crypto.randomUUID());
        expect(shorter.statusCode).toBe(409);
        expect(shorter.json().error).toMatchObject({ code: 'already_subscribed', field: 'productId' });
        const free = await preRegister(t.app);
        const none = await t.app.inject({
          method: 'POST',
          url: '/api/Payments/subscription-products/update',
          headers: { ...bearer(free.accessToken), 'idempotency-key': crypto.randomUUID() },
          payload: { productId: 'sub-12m' },
        });
        expect(none.statusCode).toBe(409);
        expect(none.json().error.code).toBe('no_subscription');
      });

      it('should renew at the renewal price on the saved card when the clock passes the end', async () => {
        const { session } = await buy(t, 'sub-weekly');
        const sub = (await get(session, 'Payments/user-active-subscription')).json();
        t.clock.advance(8 * 24 * 3600 * 1000);
        await t.control.runRenewals();
        await t.control.runRenewals();
        const renewals = await t.db.query<{ amount: number; status: string }>(
          `SELECT amount, status FROM payment_orders WHERE user_id = $1 AND kind = 'renewal'`,
          [session.userId],
        );
        expect(renewals).toEqual([{ amount: 3999, status: 'approved' }]);
        const renewed = (await userRow(session)).active_subscription!;
        expect(renewed.id).toBe(sub.id);
        // The weekly intro renews monthly.
        expect(renewed).toMatchObject({ periodType: 'month', periodValue: 1 });
        // One month on from the paid end, not from the (later) moment the renewal ran.
        const expected = new Date(sub.endDate);
        expected.setUTCMonth(expected.getUTCMonth() + 1);
        expect(renewed.endDate).toBe(expected.toISOString());
        t.clock.advance(-8 * 24 * 3600 * 1000);
      });

      it('should grant a lifetime subscriber 100 tokens now and each month', async () => {
        const { session } = await buy(t, 'sub-lifetime');
        expect(await balance(session)).toBe(100);
        t.clock.advance(62 * 24 * 3600 * 1000);
        await t.control.runRenewals();
        await t.control.runRenewals();
        expect(await balance(session)).toBe(300);
        t.clock.advance(-62 * 24 * 3600 * 1000);
      });

      it('should delete a card and save one back from its order', async () => {
        const { session, orderId } = await buy(t, 'tokens-350');
        const [card] = (await get(session, 'Payments/user-card-info')).json();
        const del = await requestAs(
          t.app,
          session,
          'DELETE',
          `/api/Payments/user-card-info?cardId=${card.id}`,
        );
        expect(del.statusCode).toBe(200);
        expect((await get(session, 'User')).json().isCardTokenExists).toBe(false);
        const saved = await post(session, 'Payments/save-card-details', { orderId });
        expect(saved.json()).toMatchObject({ last4: '9265' });
        expect((await get(session, 'User')).json().isCardTokenExists).toBe(true);
      });
    });

    it('should carry a visitor’s subscription, card and orders to the account they log in to', async () => {
      const email = `owner-${crypto.randomUUID()}@example.com`;
      await registerAccount(t, email);
      const { session, orderId } = await buy(t, 'sub-3m');
      const login = await requestAs(t.app, session, 'POST', '/api/Authenticate/login', {
        email,
        password: 'password1',
        userId: session.userId,
      });
      expect(login.statusCode).toBe(200);
      const owner = { ...session, accessToken: login.json().accessToken as string };
      const user = (await get(owner, 'User')).json();
      expect(user).toMatchObject({ periodInMonths: 'quarterly', isCardTokenExists: true });
      expect(user.activeSubscription.userId).toBe(user.id);
      expect((await get(owner, `payments/check-order-status?orderId=${orderId}`)).json().success).toBe(true);
      expect((await get(owner, 'Payments/user-card-info')).json()).toHaveLength(1);
    });

    it('should reconcile a stale order whose webhook never came', async () => {
      const { session, orderId } = await startPaid('tokens-350');
      await t.db.query('UPDATE sandbox_webhooks SET delivered_at = now() WHERE body LIKE $1', [
        `%${orderId}%`,
      ]);
      t.clock.advance(3 * 60_000);
      expect(await t.control.reconcile()).toBeGreaterThanOrEqual(1);
      expect(await balance(session)).toBe(350);
      t.clock.advance(-3 * 60_000);
    });

    it('should answer bad input on every payment endpoint with a 4xx naming the field, never a 5xx', async () => {
      const s = await preRegister(t.app);
      const sub = crypto.randomUUID();
      const cases: Array<[string, string, unknown, string | undefined]> = [
        ['POST', 'Payments/create-payment-intent', {}, 'productId'],
        ['POST', 'Payments/create-payment-intent', { productId: 5 }, 'productId'],
        ['POST', 'Payments/create-payment-intent', { productId: 'tokens-350' }, 'successUrl'],
        ['POST', 'Payments/create-payment-intent', { ...RETURN, productId: 'x'.repeat(100) }, 'productId'],
        [
          'POST',
          'YunoPayments/create-payment-intent',
          { ...RETURN, productId: 'tokens-350', price: 1 },
          'price',
        ],
        ['POST', 'YunoPayments/create-payment', { ...RETURN, productId: '' }, 'productId'],
        [
          'POST',
          'PaypalPayments/create-payment',
          { ...RETURN, productId: 'tokens-350', isNConfirmed: 'yes' },
          'isNConfirmed',
        ],
        [
          'POST',
          'Payments/one-click',
          { ...RETURN, productId: 'tokens-350', userCardInfoId: 'x' },
          'userCardInfoId',
        ],
        ['POST', 'Payments/create-resign-intent', { ...RETURN, productId: 'tokens-350' }, 'userCardInfoId'],
        ['POST', 'Payments/checkout/start', { productId: 'tokens-350' }, 'isPurchaseTokens'],
        [
          'POST',
          'Payments/checkout/start',
          { productId: 'tokens-350', isPurchaseTokens: true, redirectUrl: 'http://evil.example' },
          'redirectUrl',
        ],
        [
          'POST',
          'Payments/checkout/start-subscribed',
          { productId: 'tokens-350', isPurchaseTokens: true },
          'redirectUrl',
        ],
        ['GET', 'payments/check-order-status', undefined, 'orderId'],
        ['GET', 'payments/check-order-status?orderId=1', undefined, 'orderId'],
        ['GET', 'Payments/downsell/products?downsellType=huge', undefined, 'downsellType'],
        ['GET', 'Payments/insufficient-funds-products?variant=x', undefined, 'variant'],
        ['GET', 'Payments/downsell-on-token-upsell?tokenProductId=nope', undefined, 'tokenProductId'],
        ['GET', 'Payments/token-purchase-extra-products?step=9', undefined, 'step'],
        ['POST', `Payments/subscription/${sub}/cancel`, [1], 'answers.0'],
        ['POST', 'Payments/subscription/not-a-uuid/cancel', [], 'subscriptionId'],
        ['POST', 'Payments/subscription/not-a-uuid/restore', undefined, 'subscriptionId'],
        ['POST', 'Payments/subscription-products/update', {}, 'productId'],
        ['DELETE', 'Payments/user-card-info', undefined, 'cardId'],
        ['DELETE', 'Payments/user-card-info?cardId=zz', undefined, 'cardId'],
        ['POST', 'Payments/save-card-details', { orderId: 'x' }, 'orderId'],
      ];
      for (const [method, url, payload, field] of cases) {
        const res = await t.app.inject({
          method: method as 'GET',
          url: `/api/${url}`,
          headers: bearer(s.accessToken),
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(res.json().error.field, `${method} ${url}`).toBe(field);
      }
      const malformed = await t.app.inject({
        method: 'POST',
        url: '/api/Payments/create-payment-intent',
        headers: { ...bearer(s.accessToken), 'content-type': 'application/json' },
        payload: '{"productId":',
      });
      expect(malformed.statusCode).toBe(400);
      const longKey = await createIntent(
        t.app,
        s,
        { productId: 'tokens-350' },
        { headers: { 'idempotency-key': 'k'.repeat(300) } },
      );
      expect(longKey.json().error.field).toBe('Idempotency-Key');
      expect((await deliver({ headers: {}, body: 'x' })).statusCode).toBe(401);
      expect((await deliver({ headers: {}, body: '{}' }, 'stripe')).statusCode).toBe(404);
      for (const url of ['Payments/user-active-subscription', 'Payments/create-payment-intent'])
        expect(
          (await t.app.inject({ method: url.includes('create') ? 'POST' : 'GET', url: `/api/${url}` }))
            .statusCode,
        ).toBe(401);
    });
  });
});

describe('payment attempt limits', () => {
  it('should answer 429 once an IP submits more cards per minute than allowed', async () => {
    const t = await createPaymentsApp('pglite', { authRateLimitPerMinute: 3 });
    try {
      const s = await preRegister(t.app);
      const { paymentUrl } = (await createIntent(t.app, s, { productId: 'tokens-350' })).json();
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const res = await t.app.inject({
          method: 'POST',
          url: paymentUrl,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'cardNumber=1',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
    } finally {
      await t.close();
    }
  });
});
