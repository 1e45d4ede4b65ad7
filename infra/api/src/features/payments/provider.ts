import type { ProviderEvent } from './events.ts';
import { formMerchantData } from './form-intent.ts';
import type { PaymentForm, PaymentIntentTerms } from './form-intent.ts';
import type { InitRequest, SandboxEngine, SandboxOrderRow } from './sandbox/engine.ts';
import { verifyWebhook } from './signatures.ts';
import type { Envelope, WebhookKeys } from './signatures.ts';

/** What the API asks of any payment provider (sandbox or real); one per envelope. */
export interface PaymentProvider {
  readonly system: Envelope;
  /** Checks a webhook's signature over the exact bytes received (constant-time compare). */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<boolean>;
  /** Opens a hosted payment page for an order (idempotent on `orderId`). */
  createPayment(
    input: Omit<InitRequest, 'envelope' | 'merchantOrderId'> & { orderId: string },
  ): Promise<{ providerOrderId: string; paymentUrl: string }>;
  /**
   * The embedded payment form for an order `createPayment` opened (001 §4 "Payment form events"): the provider's
   * form SDK script and the sealed merchant data its `init` takes. Absent for redirect-only providers (PayPal).
   */
  paymentForm?(terms: PaymentIntentTerms): PaymentForm;
  /**
   * Whether that form asks an anonymous payer for the contact e-mail that keeps their purchase (ADR 0290), as the
   * hosted page does. Without it an anonymous payer is sent to the hosted page.
   */
  formAsksContact?: boolean;
  /** Charges a saved card token (one-click, upgrade, renewal); the result also arrives by webhook. */
  chargeToken(input: {
    orderId: string;
    amount: number;
    currency: string;
    description: string;
    token: string;
    callbackUrl: string;
    paymentType: '1-click' | 'recurring';
  }): Promise<{ providerOrderId: string }>;
  /**
   * Refunds a captured order in full; idempotent per order. Optional: an adapter without it leaves the refund
   * queued (and logged) for an operator.
   */
  refund?(input: { orderId: string; providerOrderId: string }): Promise<void>;
  /** Pulls the provider's view of an order (`POST /status`); null when it has not seen the order or nothing happened. */
  status(orderId: string): Promise<ProviderEvent | null>;
}

/** A sandbox order as a provider event (what a status pull reports). */
export function sandboxEvent(row: SandboxOrderRow): ProviderEvent | null {
  if (row.status === 'created') return null;
  return {
    provider: row.envelope,
    eventId: `pull:${row.id}:${row.status}`,
    orderId: row.merchant_order_id,
    providerOrderId: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    declineCode: row.decline_code,
    card: row.card_token
      ? { token: row.card_token, brand: row.card_brand ?? 'card', last4: row.card_last4 ?? '' }
      : null,
    payerEmail: row.payer_email,
  };
}

/** Where the sandbox serves its form SDK (the script the checkout loads when it opens, never before). */
export const SANDBOX_FORM_SCRIPT = '/api/sandbox/form-sdk.js';

/**
 * The sandbox engine behind the provider interface, in one envelope. `formKeys` (the Solidgate envelope's API keys)
 * turn on its embedded form, which seals the order terms as Solidgate's form does.
 */
export function sandboxProvider(
  engine: SandboxEngine,
  system: Envelope,
  keys: WebhookKeys,
  formKeys?: WebhookKeys,
): PaymentProvider {
  return {
    system,
    ...(formKeys
      ? {
          paymentForm: (terms: PaymentIntentTerms) => ({
            scriptUrl: SANDBOX_FORM_SCRIPT,
            merchantData: formMerchantData(formKeys, terms),
          }),
          formAsksContact: true,
        }
      : {}),
    verifyWebhook: async (rawBody, headers) => verifyWebhook(system, keys, rawBody, headers),
    async createPayment(input) {
      const result = await engine.init({
        envelope: system,
        merchantOrderId: input.orderId,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        successUrl: input.successUrl,
        failUrl: input.failUrl,
        callbackUrl: input.callbackUrl,
        askEmail: input.askEmail,
      });
      return { providerOrderId: result.providerOrderId, paymentUrl: result.url };
    },
    async chargeToken(input) {
      const row = await engine.charge({
        envelope: system,
        merchantOrderId: input.orderId,
        amount: input.amount,
        currency: input.currency,
        description: input.description,
        token: input.token,
        callbackUrl: input.callbackUrl,
        paymentType: input.paymentType,
      });
      return { providerOrderId: row.id };
    },
    async refund(input) {
      if (!(await engine.refund(input.providerOrderId)))
        throw new Error(`sandbox order ${input.providerOrderId} has no charge to refund`);
    },
    async status(orderId) {
      const row = await engine.status(system, orderId);
      return row ? sandboxEvent(row) : null;
    },
  };
}
