// Adapters for the real Solidgate, Yuno and PayPal APIs behind the same `PaymentProvider` interface, switched
// on per provider by configuration (credentials present → live; else the sandbox). Request and response
// shapes follow the providers' public docs as summarised in docs/research/payments.md §1–§2; the contract
// tests replay recorded shapes. Not exercised against the live services from this machine (no network, no
// merchant accounts).

import type { ProviderEvent } from './events.ts';
import { formMerchantData } from './form-intent.ts';
import { toCents } from './events.ts';
import type { PaymentProvider } from './provider.ts';
import { safeEqual, solidgateSignature, verifyWebhook, yunoSignature } from './signatures.ts';
import type { WebhookKeys } from './signatures.ts';

/** The fetch the adapters use (tests inject a recorder). */
export type Fetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{
  status: number;
  json(): Promise<unknown>;
}>;

/** A provider refused or failed a call; `status` ≥ 500 is retried by the caller on the same order id. */
export class ProviderCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderCallError';
  }
}

async function call(
  fetcher: Fetch,
  url: string,
  init: Parameters<Fetch>[1],
): Promise<Record<string, unknown>> {
  const response = await fetcher(url, init);
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 400)
    throw new ProviderCallError(response.status, `${init.method} ${url} → ${response.status}`);
  return body;
}

const major = (cents: number) => (cents / 100).toFixed(2);

/** Solidgate credentials (`api_pk_`/`api_sk_` and `wh_pk_`/`wh_sk_`). */
export interface SolidgateConfig {
  api: WebhookKeys;
  webhook: WebhookKeys;
  payUrl: string;
  pageUrl: string;
  /** The payment form SDK script (Solidgate's CDN); the origin's CSP must allow its origin. */
  formScriptUrl: string;
}

function solidgateStatus(status: string): ProviderEvent['status'] | null {
  if (status === 'approved' || status === 'settle_ok' || status === 'auth_ok') return 'approved';
  if (status === 'declined' || status === 'auth_failed' || status === 'void_ok' || status === 'refunded')
    return 'declined';
  if (status === '3ds_verify') return '3ds_verify';
  if (status === 'processing' || status === 'settle_pending') return 'processing';
  return null;
}

/** Solidgate: Payment Page `POST /init`, `POST /recurring`, `POST /status`; `merchant` + `signature` headers. */
export function solidgateProvider(config: SolidgateConfig, fetcher: Fetch): PaymentProvider {
  const post = (url: string, payload: unknown) => {
    const body = JSON.stringify(payload);
    return call(fetcher, url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        merchant: config.api.publicKey,
        signature: solidgateSignature(config.api, body),
      },
      body,
    });
  };
  return {
    system: 'solidgate',
    verifyWebhook: async (raw, headers) => verifyWebhook('solidgate', config.webhook, raw, headers),
    // The same seam as the sandbox's form: the order sealed with the API keys (nodejs-sdk `formMerchantData`).
    paymentForm: (terms) => ({
      scriptUrl: config.formScriptUrl,
      merchantData: formMerchantData(config.api, terms),
    }),
    async createPayment(input) {
      const body = await post(`${config.pageUrl}/init`, {
        order: {
          order_id: input.orderId,
          amount: input.amount,
          currency: input.currency,
          order_description: input.description,
          success_url: input.successUrl,
          fail_url: input.failUrl,
        },
        page_customization: { public_name: 'Companion' },
      });
      if (typeof body.url !== 'string') throw new ProviderCallError(502, 'init answered without a url');
      return { providerOrderId: input.orderId, paymentUrl: body.url };
    },
    async chargeToken(input) {
      await post(`${config.payUrl}/recurring`, {
        order_id: input.orderId,
        amount: input.amount,
        currency: input.currency,
        order_description: input.description,
        recurring_token: input.token,
        payment_type: input.paymentType,
      });
      return { providerOrderId: input.orderId };
    },
    async status(orderId) {
      const body = await post(`${config.payUrl}/status`, { order_id: orderId });
      const order = body.order as {
        status: string;
        amount: number;
        currency: string;
        customer_email?: string;
      };
      const status = solidgateStatus(order.status);
      if (!status) return null;
      const error = body.error as { code?: string } | undefined;
      const transactions = Object.values(
        (body.transactions ?? {}) as Record<
          string,
          { card?: { card_token?: { token?: string }; brand?: string; number?: string } }
        >,
      );
      const card = transactions.find((t) => t.card?.card_token?.token)?.card;
      return {
        provider: 'solidgate',
        eventId: `pull:${orderId}:${order.status}`,
        orderId,
        providerOrderId: orderId,
        status,
        amount: order.amount,
        currency: order.currency,
        declineCode: error?.code ?? null,
        card: card?.card_token?.token
          ? {
              token: card.card_token.token,
              brand: (card.brand ?? 'card').toLowerCase(),
              last4: (card.number ?? '').slice(-4),
            }
          : null,
        payerEmail: order.customer_email ?? null,
      };
    },
  };
}

/** Yuno credentials; webhooks use the optional HMAC secret (`x-hmac-signature`). */
export interface YunoConfig {
  publicApiKey: string;
  privateSecretKey: string;
  accountId: string;
  webhookSecret: string;
  apiUrl: string;
  country: string;
}

function yunoStatus(status: string, subStatus?: string | null): ProviderEvent['status'] | null {
  if (status === 'SUCCEEDED') return 'approved';
  if (['DECLINED', 'REJECTED', 'ERROR', 'EXPIRED', 'CANCELED', 'FRAUD'].includes(status)) return 'declined';
  if (status === 'PENDING') return subStatus === 'WAITING_ADDITIONAL_STEP' ? '3ds_verify' : 'processing';
  return null;
}

/** Yuno: checkout session + payment link, `POST /payments` with a vaulted token, `GET /payments?merchant_order_id`. */
export function yunoProvider(config: YunoConfig, fetcher: Fetch): PaymentProvider {
  const headers = (idempotencyKey?: string) => ({
    'content-type': 'application/json',
    'public-api-key': config.publicApiKey,
    'private-secret-key': config.privateSecretKey,
    ...(idempotencyKey ? { 'X-Idempotency-Key': idempotencyKey } : {}),
  });
  /** The fields every Yuno payment request carries; the order id doubles as the idempotency key. */
  const order = (input: { orderId: string; description: string; currency: string; amount: number }) => ({
    account_id: config.accountId,
    merchant_order_id: input.orderId,
    description: input.description,
    country: config.country,
    amount: { currency: input.currency, value: Number(major(input.amount)) },
  });
  return {
    system: 'yuno',
    verifyWebhook: async (raw, hdrs) =>
      safeEqual(
        String(hdrs['x-hmac-signature'] ?? ''),
        yunoSignature({ publicKey: '', secretKey: config.webhookSecret }, raw),
      ),
    async createPayment(input) {
      const body = await call(fetcher, `${config.apiUrl}/v1/payment-links`, {
        method: 'POST',
        // The order id is the idempotency key: a retried call returns the first link
        // (docs/research/payments.md §2).
        headers: headers(input.orderId),
        body: JSON.stringify({ ...order(input), callback_url: input.successUrl }),
      });
      if (typeof body.checkout_url !== 'string')
        throw new ProviderCallError(502, 'payment link without checkout_url');
      return { providerOrderId: String(body.id), paymentUrl: body.checkout_url };
    },
    async chargeToken(input) {
      const body = await call(fetcher, `${config.apiUrl}/v1/payments`, {
        method: 'POST',
        headers: headers(input.orderId),
        body: JSON.stringify({
          ...order(input),
          payment_method: { vaulted_token: input.token, type: 'CARD' },
          workflow: 'DIRECT',
          subscription: input.paymentType === 'recurring' ? { type: 'RECURRING' } : undefined,
        }),
      });
      return { providerOrderId: String(body.id) };
    },
    async status(orderId) {
      const body = await call(
        fetcher,
        `${config.apiUrl}/v1/payments?merchant_order_id=${encodeURIComponent(orderId)}`,
        {
          method: 'GET',
          headers: headers(),
        },
      );
      const payments = (Array.isArray(body) ? body : (body.payments ?? [])) as Array<{
        id: string;
        status: string;
        sub_status?: string | null;
        amount: { value: number; currency: string };
        response_code?: string | null;
      }>;
      const payment = payments[0];
      const status = payment ? yunoStatus(payment.status, payment.sub_status) : null;
      if (!payment || !status) return null;
      return {
        provider: 'yuno',
        eventId: `pull:${payment.id}:${payment.status}`,
        orderId,
        providerOrderId: payment.id,
        status,
        amount: toCents(payment.amount.value),
        currency: payment.amount.currency,
        declineCode: payment.response_code ?? null,
        card: null,
        payerEmail: null,
      };
    },
  };
}

/** PayPal REST credentials and the webhook id its signatures are verified against. */
export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  apiUrl: string;
}

/** PayPal Orders v2: create with `PayPal-Request-Id`, approve link, status by `GET`; webhooks via verify API. */
export function paypalProvider(config: PayPalConfig, fetcher: Fetch): PaymentProvider {
  let token: { value: string; expires: number } | null = null;
  async function bearer(): Promise<string> {
    if (token && token.expires > Date.now() + 60_000) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const body = await call(fetcher, `${config.apiUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    token = { value: String(body.access_token), expires: Date.now() + Number(body.expires_in ?? 0) * 1000 };
    return token.value;
  }
  const json = async (requestId?: string) => ({
    authorization: `Bearer ${await bearer()}`,
    'content-type': 'application/json',
    ...(requestId ? { 'PayPal-Request-Id': requestId } : {}),
  });
  return {
    system: 'paypal',
    async verifyWebhook(raw, headers) {
      const h = (name: string) => String(headers[name] ?? '');
      let event: unknown;
      try {
        event = JSON.parse(raw.toString('utf8'));
      } catch {
        return false;
      }
      const body = await call(fetcher, `${config.apiUrl}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: await json(),
        body: JSON.stringify({
          auth_algo: h('paypal-auth-algo'),
          cert_url: h('paypal-cert-url'),
          transmission_id: h('paypal-transmission-id'),
          transmission_sig: h('paypal-transmission-sig'),
          transmission_time: h('paypal-transmission-time'),
          webhook_id: config.webhookId,
          webhook_event: event,
        }),
      }).catch(() => ({}) as Record<string, unknown>);
      return body.verification_status === 'SUCCESS';
    },
    async createPayment(input) {
      const body = await call(fetcher, `${config.apiUrl}/v2/checkout/orders`, {
        method: 'POST',
        headers: await json(input.orderId),
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              custom_id: input.orderId,
              description: input.description,
              amount: { currency_code: input.currency, value: major(input.amount) },
            },
          ],
          payment_source: {
            paypal: { experience_context: { return_url: input.successUrl, cancel_url: input.failUrl } },
          },
        }),
      });
      const links = (body.links ?? []) as Array<{ rel: string; href: string }>;
      const approve = links.find((link) => link.rel === 'payer-action' || link.rel === 'approve');
      if (!approve) throw new ProviderCallError(502, 'order without an approval link');
      return { providerOrderId: String(body.id), paymentUrl: approve.href };
    },
    async chargeToken() {
      // Vaulted PayPal payments need a billing agreement the product does not set up: one-click is card-only.
      throw new ProviderCallError(409, 'PayPal has no saved-card charges here');
    },
    async status(orderId) {
      void orderId;
      // PayPal orders are looked up by PayPal's id, which the caller does not pass here; reconciliation for
      // PayPal relies on webhooks (docs/research/payments.md §2: "COMPLETED" must be checked on captures,
      // which the webhook carries).
      return null;
    },
  };
}
