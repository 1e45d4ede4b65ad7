import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { liveProvidersFromEnv } from './live-env.ts';
import { paypalProvider, solidgateProvider, yunoProvider } from './live-providers.ts';
import type { Fetch } from './live-providers.ts';
import { parseProviderEvent } from './events.ts';
import { openMerchantData } from './form-intent.ts';

// Contract tests: each adapter's requests are checked against the documented shapes
// (docs/research/payments.md §1–§2) and its parsing against recorded responses. No network: a recorder stands
// in for fetch.

interface Recorded {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

function recorder(responses: Array<{ status: number; body: unknown }>) {
  const calls: Recorded[] = [];
  const fetcher: Fetch = async (url, init) => {
    calls.push({
      url,
      method: init.method,
      headers: init.headers,
      body:
        init.body && init.headers['content-type'] === 'application/json' ? JSON.parse(init.body) : init.body,
    });
    const next = responses.shift() ?? { status: 500, body: {} };
    return { status: next.status, json: async () => next.body };
  };
  return { calls, fetcher };
}

/** Solidgate's formula written out independently: base64 of the hex HMAC-SHA512 of pk + body + pk. */
function expectedSolidgateSignature(publicKey: string, secretKey: string, body: string): string {
  const hex = crypto
    .createHmac('sha512', secretKey)
    .update(publicKey + body + publicKey)
    .digest('hex');
  return Buffer.from(hex).toString('base64');
}

const SOLIDGATE = {
  api: { publicKey: 'api_pk_test', secretKey: 'api_sk_test_0123456789abcdef0123456789' },
  webhook: { publicKey: 'wh_pk_test', secretKey: 'wh_sk_test' },
  payUrl: 'https://pay.solidgate.test/api/v1',
  pageUrl: 'https://page.solidgate.test/api/v1',
  formScriptUrl: 'https://cdn.solidgate.test/js/solid-form.js',
};
const ORDER = '3b241101-e2bb-4255-8caf-4136c566a962';

describe('Solidgate adapter', () => {
  it('should seal the embedded form order with the API keys, readable only with them', () => {
    const provider = solidgateProvider(SOLIDGATE, recorder([]).fetcher);
    const terms = { order_id: ORDER, amount: 1999, currency: 'USD', order_description: 'Year' };
    const form = provider.paymentForm!(terms);
    expect(form.scriptUrl).toBe('https://cdn.solidgate.test/js/solid-form.js');
    expect(form.merchantData.merchant).toBe('api_pk_test');
    expect(form.merchantData.paymentIntent).not.toContain('1999');
    expect(openMerchantData(SOLIDGATE.api, form.merchantData)).toEqual(terms);
    // The live form is not set up to ask the contact e-mail: an anonymous payer keeps the hosted page (ADR 0410).
    expect(provider.formAsksContact).toBeUndefined();
    const tampered = {
      ...form.merchantData,
      paymentIntent: `${form.merchantData.paymentIntent.slice(0, -2)}AA`,
    };
    expect(openMerchantData(SOLIDGATE.api, tampered)).toBeNull();
    expect(openMerchantData({ ...SOLIDGATE.api, publicKey: 'api_pk_other' }, form.merchantData)).toBeNull();
  });

  it('should sign POST /init with merchant + signature and return the page url', async () => {
    const { calls, fetcher } = recorder([
      { status: 200, body: { url: 'https://page.solidgate.test/pay/abc', guid: 'abc' } },
    ]);
    const provider = solidgateProvider(SOLIDGATE, fetcher);
    const result = await provider.createPayment({
      orderId: ORDER,
      amount: 1999,
      currency: 'USD',
      description: '1 month',
      successUrl: 'https://app.test/pricing?ok=1',
      failUrl: 'https://app.test/pricing?fail=1',
      callbackUrl: '/api/payments/webhooks/solidgate',
      askEmail: false,
    });
    expect(result).toEqual({ providerOrderId: ORDER, paymentUrl: 'https://page.solidgate.test/pay/abc' });
    const [init] = calls;
    expect(init!.url).toBe('https://page.solidgate.test/api/v1/init');
    expect(init!.body).toMatchObject({
      order: { order_id: ORDER, amount: 1999, currency: 'USD', success_url: 'https://app.test/pricing?ok=1' },
    });
    expect(init!.headers.merchant).toBe('api_pk_test');
    expect(init!.headers.signature).toBe(
      expectedSolidgateSignature('api_pk_test', SOLIDGATE.api.secretKey, JSON.stringify(init!.body)),
    );
  });

  it('should send payment_type on /recurring and map a recorded /status answer', async () => {
    const { calls, fetcher } = recorder([
      { status: 200, body: { order: { order_id: ORDER, status: 'processing' } } },
      {
        status: 200,
        body: {
          order: {
            order_id: ORDER,
            status: 'approved',
            amount: 1999,
            currency: 'USD',
            customer_email: 'a@b.c',
          },
          transactions: {
            t1: {
              id: 't1',
              status: 'success',
              card: { brand: 'VISA', number: '406742XXXXXX9265', card_token: { token: 'tok_1' } },
            },
          },
        },
      },
      {
        status: 200,
        body: {
          order: { order_id: ORDER, status: 'declined', amount: 1999, currency: 'USD' },
          error: { code: '3.02' },
        },
      },
    ]);
    const provider = solidgateProvider(SOLIDGATE, fetcher);
    await provider.chargeToken({
      orderId: ORDER,
      amount: 1999,
      currency: 'USD',
      description: 'renewal',
      token: 'tok_1',
      callbackUrl: '/x',
      paymentType: 'recurring',
    });
    expect(calls[0]!.url).toBe('https://pay.solidgate.test/api/v1/recurring');
    expect(calls[0]!.body).toMatchObject({
      recurring_token: 'tok_1',
      payment_type: 'recurring',
      amount: 1999,
    });
    expect(await provider.status(ORDER)).toMatchObject({
      status: 'approved',
      amount: 1999,
      card: { token: 'tok_1', brand: 'visa', last4: '9265' },
      payerEmail: 'a@b.c',
    });
    expect(await provider.status(ORDER)).toMatchObject({ status: 'declined', declineCode: '3.02' });
    expect(calls[1]!.body).toEqual({ order_id: ORDER });
  });

  it('should verify a recorded webhook over its raw bytes and read the event id from the header', async () => {
    const provider = solidgateProvider(SOLIDGATE, recorder([]).fetcher);
    const body = JSON.stringify({
      order: { order_id: ORDER, status: 'approved', amount: 1999, currency: 'USD' },
    });
    const headers = {
      merchant: 'wh_pk_test',
      signature: expectedSolidgateSignature('wh_pk_test', 'wh_sk_test', body),
      'solidgate-event-id': 'evt-live-1',
    };
    expect(await provider.verifyWebhook(Buffer.from(body), headers)).toBe(true);
    expect(await provider.verifyWebhook(Buffer.from(`${body} `), headers)).toBe(false);
    expect(parseProviderEvent('solidgate', JSON.parse(body), 'evt-live-1')).toMatchObject({
      eventId: 'evt-live-1',
      orderId: ORDER,
      providerOrderId: ORDER,
      status: 'approved',
    });
  });

  it('should surface a 5xx as retryable and a 4xx as final', async () => {
    const provider = solidgateProvider(
      SOLIDGATE,
      recorder([
        { status: 503, body: {} },
        { status: 422, body: {} },
      ]).fetcher,
    );
    const input = {
      orderId: ORDER,
      amount: 1,
      currency: 'USD',
      description: 'x',
      successUrl: '/a',
      failUrl: '/b',
      callbackUrl: '/c',
      askEmail: false,
    };
    await expect(provider.createPayment(input)).rejects.toMatchObject({ status: 503 });
    await expect(provider.createPayment(input)).rejects.toMatchObject({ status: 422 });
  });
});

describe('Yuno adapter', () => {
  const config = {
    publicApiKey: 'pub',
    privateSecretKey: 'priv',
    accountId: 'acc',
    webhookSecret: 'whsec',
    apiUrl: 'https://api.yuno.test',
    country: 'US',
  };

  it('should create a payment link with the order id as X-Idempotency-Key and amounts in major units', async () => {
    const { calls, fetcher } = recorder([
      {
        status: 200,
        body: { id: 'pl_1', checkout_url: 'https://checkout.yuno.test/pl_1', status: 'CREATED' },
      },
    ]);
    const result = await yunoProvider(config, fetcher).createPayment({
      orderId: ORDER,
      amount: 4399,
      currency: 'USD',
      description: '3 months',
      successUrl: '/ok',
      failUrl: '/fail',
      callbackUrl: '/cb',
      askEmail: false,
    });
    expect(result).toEqual({ providerOrderId: 'pl_1', paymentUrl: 'https://checkout.yuno.test/pl_1' });
    expect(calls[0]!.headers).toMatchObject({
      'public-api-key': 'pub',
      'private-secret-key': 'priv',
      'X-Idempotency-Key': ORDER,
    });
    expect(calls[0]!.body).toMatchObject({
      merchant_order_id: ORDER,
      amount: { currency: 'USD', value: 43.99 },
    });
  });

  it('should map recorded payment statuses and verify x-hmac-signature', async () => {
    const { fetcher } = recorder([
      {
        status: 200,
        body: {
          payments: [
            {
              id: 'pay_1',
              status: 'PENDING',
              sub_status: 'WAITING_ADDITIONAL_STEP',
              amount: { value: 43.99, currency: 'USD' },
            },
          ],
        },
      },
      {
        status: 200,
        body: [
          {
            id: 'pay_1',
            status: 'DECLINED',
            amount: { value: 43.99, currency: 'USD' },
            response_code: 'INSUFFICIENT_FUNDS',
          },
        ],
      },
    ]);
    const provider = yunoProvider(config, fetcher);
    expect(await provider.status(ORDER)).toMatchObject({ status: '3ds_verify', amount: 4399 });
    expect(await provider.status(ORDER)).toMatchObject({
      status: 'declined',
      declineCode: 'INSUFFICIENT_FUNDS',
    });
    const raw = Buffer.from('{"type_event":"payment.succeeded"}');
    const sig = crypto.createHmac('sha256', 'whsec').update(raw).digest('base64');
    expect(await provider.verifyWebhook(raw, { 'x-hmac-signature': sig })).toBe(true);
    expect(await provider.verifyWebhook(raw, { 'x-hmac-signature': sig.replace(/.$/, 'A') })).toBe(false);
  });
});

describe('PayPal adapter', () => {
  const config = {
    clientId: 'cid',
    clientSecret: 'sec',
    webhookId: 'WH-1',
    apiUrl: 'https://api.paypal.test',
  };

  it('should get a token, create an order with PayPal-Request-Id and return the payer-action link', async () => {
    const { calls, fetcher } = recorder([
      { status: 200, body: { access_token: 'A21', token_type: 'Bearer', expires_in: 32400 } },
      {
        status: 200,
        body: {
          id: '5O190127TN364715T',
          status: 'PAYER_ACTION_REQUIRED',
          links: [
            {
              href: 'https://api.paypal.test/v2/checkout/orders/5O190127TN364715T',
              rel: 'self',
              method: 'GET',
            },
            {
              href: 'https://www.paypal.test/checkoutnow?token=5O190127TN364715T',
              rel: 'payer-action',
              method: 'GET',
            },
          ],
        },
      },
    ]);
    const result = await paypalProvider(config, fetcher).createPayment({
      orderId: ORDER,
      amount: 699,
      currency: 'USD',
      description: 'Weekly',
      successUrl: 'https://app.test/ok',
      failUrl: 'https://app.test/fail',
      callbackUrl: '/cb',
      askEmail: false,
    });
    expect(result.paymentUrl).toBe('https://www.paypal.test/checkoutnow?token=5O190127TN364715T');
    expect(calls[0]!.headers.authorization).toBe(`Basic ${Buffer.from('cid:sec').toString('base64')}`);
    expect(calls[1]!.headers).toMatchObject({ authorization: 'Bearer A21', 'PayPal-Request-Id': ORDER });
    expect(calls[1]!.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [{ custom_id: ORDER, amount: { currency_code: 'USD', value: '6.99' } }],
    });
  });

  it('should trust a webhook only when the verify API says SUCCESS', async () => {
    const { calls, fetcher } = recorder([
      { status: 200, body: { access_token: 'A21', expires_in: 32400 } },
      { status: 200, body: { verification_status: 'SUCCESS' } },
      { status: 200, body: { verification_status: 'FAILURE' } },
    ]);
    const provider = paypalProvider(config, fetcher);
    const raw = Buffer.from('{"id":"WH-EVT","event_type":"PAYMENT.CAPTURE.COMPLETED"}');
    const headers = { 'paypal-transmission-id': 't1', 'paypal-transmission-sig': 'sig' };
    expect(await provider.verifyWebhook(raw, headers)).toBe(true);
    expect(await provider.verifyWebhook(raw, headers)).toBe(false);
    expect(calls[1]!.body).toMatchObject({
      webhook_id: 'WH-1',
      transmission_id: 't1',
      webhook_event: { id: 'WH-EVT' },
    });
    expect(await provider.verifyWebhook(Buffer.from('not json'), headers)).toBe(false);
  });
});

describe('configuration', () => {
  it('should switch a provider to live only when all of its credentials are set', () => {
    const fetcher = recorder([]).fetcher;
    expect(Object.keys(liveProvidersFromEnv({}, fetcher))).toEqual([]);
    expect(Object.keys(liveProvidersFromEnv({ SOLIDGATE_API_PUBLIC_KEY: 'x' }, fetcher))).toEqual([]);
    const live = liveProvidersFromEnv(
      {
        SOLIDGATE_API_PUBLIC_KEY: 'a',
        SOLIDGATE_API_SECRET_KEY: 'b',
        SOLIDGATE_WEBHOOK_PUBLIC_KEY: 'c',
        SOLIDGATE_WEBHOOK_SECRET_KEY: 'd',
        PAYPAL_CLIENT_ID: 'e',
        PAYPAL_CLIENT_SECRET: 'f',
        PAYPAL_WEBHOOK_ID: 'g',
      },
      fetcher,
    );
    expect(Object.keys(live).sort()).toEqual(['paypal', 'solidgate']);
  });
});
