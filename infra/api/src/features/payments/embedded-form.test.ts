import { describe, expect, it } from 'vitest';
import { BACKENDS, bearer, preRegister, registerAccount, requestAs } from '../../../test/harness.ts';
import type { TestSession } from '../../../test/harness.ts';
import { paymentsAppPerSuite } from './test-kit.ts';

const SUCCESS = '4067429974719265';

// The embedded form (ADR 0410): the start answer's `form`, the sandbox's SDK script and frame pages, and the card
// outcomes they share with the hosted page's engine.

interface StartAnswer {
  orderId: string;
  data: { link: { href: string } };
  form?: { scriptUrl: string; merchantData: { merchant: string; signature: string; paymentIntent: string } };
}

/** The SDK events a frame page posts once loaded (its JSON config). */
function postedEvents(html: string): Array<{ type: string; data: Record<string, unknown> }> {
  const json = /<script type="application\/json" id="form-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return (
    (JSON.parse(json) as { events?: Array<{ type: string; data: Record<string, unknown> }> }).events ?? []
  );
}

describe.each(BACKENDS)('embedded payment form on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('embedded payment form', () => {
    const t = paymentsAppPerSuite(backend, { publicUrl: 'http://localhost:3000' });

    const start = async (s: TestSession) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Payments/checkout/start',
        headers: { ...bearer(s.accessToken), 'idempotency-key': crypto.randomUUID() },
        payload: { productId: 'sub-12m', isPurchaseTokens: false, redirectUrl: '/pricing' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StartAnswer>();
    };
    const setPaymentForm = (s: TestSession, value: string) =>
      requestAs(t.app, s, 'POST', '/api/Authenticate/update-feature-flags', { paymentForm: value });
    const embeddedUser = async () => {
      const s = await preRegister(t.app);
      const flags = await setPaymentForm(s, 'embedded');
      expect(flags.statusCode, flags.body).toBe(200);
      return s;
    };
    const frameUrl = (form: NonNullable<StartAnswer['form']>, extra: Record<string, string> = {}) =>
      `/api/sandbox/form?${new URLSearchParams({ ...form.merchantData, origin: 'http://127.0.0.1:3000', ...extra })}`;
    // The frame is a browser's page: it asks for HTML (a JSON client gets the platform's JSON errors).
    const getFrame = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    const postForm = (url: string, body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams(body).toString(),
      });
    const card = (number: string) => ({
      cardNumber: number,
      cardExpiryDate: '12/35',
      cardCvv: '123',
      cardHolder: 'Test Holder',
    });
    /** The card form's action, resolved against the frame URL as a browser would. */
    const actionOf = (html: string, base: string) => {
      const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
      const url = new URL(action, `http://x${base}`);
      return `${url.pathname}${url.search}`;
    };

    it('should offer the form to every card buyer, anonymous ones too, keeping the hosted link, unless they opt out', async () => {
      const anonymous = await start(await preRegister(t.app));
      expect(anonymous.form?.scriptUrl).toBe('/api/sandbox/form-sdk.js');
      const registered = await registerAccount(t, `form-${crypto.randomUUID()}@example.com`);
      const embedded = await start(registered);
      expect(embedded.form?.scriptUrl).toBe('/api/sandbox/form-sdk.js');
      expect(embedded.data.link.href).toMatch(/^\/api\/sandbox\/pay\/sbx_/);
      expect(embedded.form?.merchantData.paymentIntent).not.toContain('sub-12m');
      // The flag rolls the form back for one user.
      expect((await setPaymentForm(registered, 'hosted')).statusCode).toBe(200);
      expect((await start(registered)).form).toBeUndefined();
      expect((await start(await embeddedUser())).form?.scriptUrl).toBe('/api/sandbox/form-sdk.js');
    });

    it('should ask only an anonymous buyer for the contact e-mail in the form, check it by name and keep it as a contact (ADR 0290)', async () => {
      const label = 'E-mail (optional): we send you a link to keep your purchase';
      const registered = await start(await registerAccount(t, `form-${crypto.randomUUID()}@example.com`));
      expect((await getFrame(frameUrl(registered.form!))).body).not.toContain(label);
      const payer = await preRegister(t.app);
      const anonymous = await start(payer);
      const url = frameUrl(anonymous.form!);
      const page = await getFrame(url);
      expect(page.body).toContain(label);
      const action = actionOf(page.body, url);
      // A bad address keeps the buyer in the form with what they typed, and names the field.
      const bad = await postForm(action, { ...card(SUCCESS), email: 'not-an-address' });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('Enter a valid e-mail address.');
      expect(bad.body).toContain('value="Test Holder"');
      const json = await t.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: new URLSearchParams({ ...card(SUCCESS), email: 'not-an-address' }).toString(),
      });
      expect(json.json()).toMatchObject({ error: { field: 'email' } });
      const email = `payer-${crypto.randomUUID()}@example.com`;
      const paid = await postForm(action, { ...card(SUCCESS), email });
      expect(postedEvents(paid.body).map((e) => e.type)).toEqual(['orderStatus', 'success']);
      await t.control.dispatchWebhooks();
      await t.control.relayOutbox();
      // The purchase stays on the anonymous account; the address is mailed the link that keeps it.
      const rows = await t.db.query<{ status: string; payer_email: string | null }>(
        'SELECT status, payer_email FROM payment_orders WHERE id = $1',
        [anonymous.orderId],
      );
      expect(rows[0]).toEqual({ status: 'approved', payer_email: email });
      expect(t.mails.some((m) => m.to === email && m.subject.includes('purchase'))).toBe(true);
      const user = await requestAs(t.app, payer, 'GET', '/api/User');
      expect(user.json()).toMatchObject({ id: payer.userId, email: null });
    });

    it('should refuse a bad flag value by name', async () => {
      const res = await setPaymentForm(await preRegister(t.app), 'popup');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain('paymentForm');
    });

    it('should serve the SDK script and a frame only the shop may embed, with the SDK events', async () => {
      const sdk = await t.app.inject({ method: 'GET', url: '/api/sandbox/form-sdk.js' });
      expect(sdk.headers['content-type']).toMatch(/javascript/);
      expect(sdk.body).toContain('window.PaymentFormSdk');
      const { form } = await start(await embeddedUser());
      const page = await getFrame(frameUrl(form!));
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain('frame-ancestors http://127.0.0.1:3000');
      expect(csp).toMatch(/script-src 'sha256-/);
      expect(csp).not.toContain('unsafe-inline');
      expect(postedEvents(page.body).map((e) => e.type)).toEqual(['mounted', 'paymentDetails']);
      expect(postedEvents(page.body)[1]!.data).toMatchObject({ price: 11999, currency: 'USD' });
      // Another site's origin is not taken: the frame stays the shop's.
      const foreign = await getFrame(frameUrl(form!, { origin: 'https://evil.example' }));
      expect(String(foreign.headers['content-security-policy'])).toContain(
        'frame-ancestors http://localhost:3000',
      );
    });

    it('should answer tampered merchant data with the SDK error event', async () => {
      const { form } = await start(await embeddedUser());
      const forged = {
        ...form!,
        merchantData: { ...form!.merchantData, paymentIntent: `${form!.merchantData.paymentIntent}x` },
      };
      const page = await getFrame(frameUrl(forged));
      expect(page.statusCode).toBe(400);
      expect(postedEvents(page.body)[0]).toMatchObject({ type: 'error' });
      // A client that is not a browser gets the platform's JSON naming the field, like every API route.
      const json = await t.app.inject({ method: 'GET', url: frameUrl(forged) });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toMatchObject({ error: { field: 'paymentIntent' } });
      const unknown = await t.app.inject({
        method: 'POST',
        url: `/api/sandbox/form/${crypto.randomUUID()}/3ds`,
        headers: { accept: 'application/json' },
        payload: {},
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ error: { code: 'order_not_found', field: 'id' } });
    });

    it('should show the wallet buttons asked for, in their theme, and pay with a sandbox wallet', async () => {
      const answer = await start(await embeddedUser());
      const url = frameUrl(answer.form!, {
        wallets: 'googlebtn:monochrome-light,applebtn:nonsense,paypal:colored',
      });
      const page = await getFrame(url);
      expect(page.body).toContain(
        'class="wallet-googlebtn theme-monochrome-light">Pay with Google Pay</button>',
      );
      // An unknown theme falls back to the colored button; an unknown kind is not shown.
      expect(page.body).toContain('class="wallet-applebtn theme-colored">Pay with Apple Pay</button>');
      expect(page.body).not.toContain('paypal');
      // The frame's CSP still allows its one script and stylesheet by hash.
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      const action = actionOf(page.body, url);
      expect(action).toContain('wallets=googlebtn');
      const bad = await t.app.inject({
        method: 'POST',
        url: action,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        payload: 'wallet=samsungpay',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ error: { field: 'wallet' } });
      const paid = await postForm(action, { wallet: 'googlebtn' });
      expect(postedEvents(paid.body).map((e) => e.type)).toEqual(['orderStatus', 'success']);
    });

    it('should decline, verify and approve through the hosted page engine', async () => {
      const declined = await start(await embeddedUser());
      const url = frameUrl(declined.form!);
      const page = await getFrame(url);
      const result = await postForm(actionOf(page.body, url), card('4000000000003048'));
      expect(postedEvents(result.body).map((e) => e.type)).toEqual(['orderStatus', 'fail']);
      expect(postedEvents(result.body)[1]!.data).toMatchObject({ code: '3.04' });
      // The same order the hosted page would have charged: its link is now closed.
      const hosted = await t.app.inject({
        method: 'GET',
        url: declined.data.link.href,
        headers: { accept: 'text/html' },
      });
      expect(hosted.statusCode).toBe(409);

      const verified = await start(await embeddedUser());
      const url2 = frameUrl(verified.form!);
      const page2 = await getFrame(url2);
      const action2 = actionOf(page2.body, url2);
      const challenge = await postForm(action2, card('4000002760003184'));
      expect(postedEvents(challenge.body).map((e) => e.type)).toEqual(['formRedirect', 'verify']);
      const empty = await postForm(actionOf(challenge.body, action2), { otp: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toContain('Enter the code your bank sent.');
      const approved = await postForm(actionOf(challenge.body, action2), { otp: '1234' });
      expect(postedEvents(approved.body).map((e) => e.type)).toEqual(['orderStatus', 'success']);
      await t.control.dispatchWebhooks();
      // The webhook fulfilled the order, exactly as after the hosted page.
      const rows = await t.db.query<{ status: string }>('SELECT status FROM payment_orders WHERE id = $1', [
        verified.orderId,
      ]);
      expect(rows[0]?.status).toBe('approved');
    });
  });
});
