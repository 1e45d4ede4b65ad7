import { z } from 'zod';
import type { Envelope } from './signatures.ts';

/**
 * Our order states (Solidgate's names where they exist); `held` = paid but not matching the order; `refunded` =
 * paid, but a rule checked at fulfilment refused it (ADR 0300).
 */
export type OrderStatus =
  'created' | 'processing' | '3ds_verify' | 'approved' | 'declined' | 'held' | 'expired' | 'refunded';

/** Final states never change (monotonic state machine). */
export const FINAL_STATUSES: ReadonlySet<OrderStatus> = new Set([
  'approved',
  'declined',
  'held',
  'expired',
  'refunded',
]);

/** Rank for monotonic moves among non-final states. */
export const STATUS_RANK: Record<OrderStatus, number> = {
  created: 0,
  processing: 1,
  '3ds_verify': 2,
  approved: 9,
  declined: 9,
  held: 9,
  expired: 9,
  refunded: 9,
};

/** A provider's webhook or status answer, reduced to what fulfilment needs. */
export interface ProviderEvent {
  provider: Envelope;
  eventId: string;
  orderId: string;
  providerOrderId: string;
  status: 'processing' | '3ds_verify' | 'approved' | 'declined';
  /** What was paid, in cents. */
  amount: number;
  currency: string;
  declineCode: string | null;
  card: { token: string; brand: string; last4: string } | null;
  payerEmail: string | null;
}

const text = z.string().min(1).max(200);
const cardShape = z
  .object({ token: text, brand: z.string().max(40).nullable(), last4: z.string().max(4).nullable() })
  .nullable()
  .optional();

const Solidgate = z.object({
  event_id: text,
  order: z.object({
    order_id: text,
    provider_order_id: text.optional(),
    status: z.enum([
      'created',
      'processing',
      '3ds_verify',
      'approved',
      'declined',
      'auth_failed',
      'settle_ok',
      'auth_ok',
      'settle_pending',
    ]),
    amount: z.number().int().nonnegative(),
    currency: z.string().length(3),
    customer_email: z.string().max(320).nullable().optional(),
  }),
  error: z.object({ code: text }).nullable().optional(),
  card: cardShape,
});

const Yuno = z.object({
  data: z.object({
    payment: z.object({
      id: text,
      merchant_order_id: text,
      idempotency_key: text,
      status: z.enum(['PENDING', 'SUCCEEDED', 'DECLINED', 'REJECTED']),
      sub_status: z.string().nullable().optional(),
      amount: z.object({ value: z.number().nonnegative(), currency: z.string().length(3) }),
      response_code: z.string().max(40).nullable().optional(),
      customer_payer: z
        .object({ email: z.string().max(320).nullable().optional() })
        .nullable()
        .optional(),
      payment_method: z
        .object({
          vaulted_token: text,
          card: z.object({ brand: z.string().max(40).nullable(), last4: z.string().max(4).nullable() }),
        })
        .nullable()
        .optional(),
    }),
  }),
});

const PayPal = z.object({
  id: text,
  resource: z.object({
    id: text,
    custom_id: text,
    status: z.enum(['PENDING', 'COMPLETED', 'DECLINED']),
    amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+(\.\d{1,2})?$/) }),
    status_details: z
      .object({ reason: z.string().max(40) })
      .nullable()
      .optional(),
    payer: z
      .object({ email_address: z.string().max(320).nullable().optional() })
      .nullable()
      .optional(),
    vault: cardShape,
  }),
});

/** Decimal major units ("19.99") to cents without floating-point drift. */
export function toCents(value: string | number): number {
  const [whole, fraction = ''] = String(typeof value === 'number' ? value.toFixed(2) : value).split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

function card(value: { token: string; brand: string | null; last4: string | null } | null | undefined) {
  return value ? { token: value.token, brand: value.brand ?? 'card', last4: value.last4 ?? '' } : null;
}

/**
 * Parses a verified webhook body of `provider`; null when it is not an order event we understand. `headerEventId`
 * is Solidgate's `solidgate-event-id` header, used when the body carries no `event_id` (the live service).
 */
export function parseProviderEvent(
  provider: Envelope,
  body: unknown,
  headerEventId: string | null = null,
): ProviderEvent | null {
  if (provider === 'solidgate') {
    const withId =
      headerEventId && body && typeof body === 'object' && !('event_id' in body)
        ? { ...body, event_id: headerEventId }
        : body;
    const parsed = Solidgate.safeParse(withId);
    if (!parsed.success) return null;
    const { order } = parsed.data;
    const status =
      order.status === 'approved' || order.status === 'settle_ok' || order.status === 'auth_ok'
        ? 'approved'
        : order.status === 'declined' || order.status === 'auth_failed'
          ? 'declined'
          : order.status === '3ds_verify'
            ? '3ds_verify'
            : 'processing';
    return {
      provider,
      eventId: parsed.data.event_id,
      orderId: order.order_id,
      providerOrderId: order.provider_order_id ?? order.order_id,
      status,
      amount: order.amount,
      currency: order.currency,
      declineCode: parsed.data.error?.code ?? null,
      card: card(parsed.data.card),
      payerEmail: order.customer_email ?? null,
    };
  }
  if (provider === 'yuno') {
    const parsed = Yuno.safeParse(body);
    if (!parsed.success) return null;
    const payment = parsed.data.data.payment;
    return {
      provider,
      eventId: payment.idempotency_key,
      orderId: payment.merchant_order_id,
      providerOrderId: payment.id,
      status:
        payment.status === 'SUCCEEDED'
          ? 'approved'
          : payment.status === 'PENDING'
            ? payment.sub_status === 'WAITING_ADDITIONAL_STEP'
              ? '3ds_verify'
              : 'processing'
            : 'declined',
      amount: toCents(payment.amount.value),
      currency: payment.amount.currency,
      declineCode: payment.response_code ?? null,
      card: payment.payment_method
        ? card({ token: payment.payment_method.vaulted_token, ...payment.payment_method.card })
        : null,
      payerEmail: payment.customer_payer?.email ?? null,
    };
  }
  const parsed = PayPal.safeParse(body);
  if (!parsed.success) return null;
  const resource = parsed.data.resource;
  return {
    provider,
    eventId: parsed.data.id,
    orderId: resource.custom_id,
    providerOrderId: resource.id,
    status:
      resource.status === 'COMPLETED'
        ? 'approved'
        : resource.status === 'DECLINED'
          ? 'declined'
          : 'processing',
    amount: toCents(resource.amount.value),
    currency: resource.amount.currency_code,
    declineCode: resource.status_details?.reason ?? null,
    card: card(resource.vault),
    payerEmail: resource.payer?.email_address ?? null,
  };
}
