import type {
  ActiveSubscription,
  CheckoutStartPayload,
  SubscriptionProduct,
  TokenProduct,
  Transport,
} from '@companion/contracts';

/** A token pack as the API lists it (its title names it on the result screen). */
export interface TokenPack extends TokenProduct {
  title: string;
}

/** `payments/check-order-status`: where one order stands. */
export interface OrderStatus {
  orderId: string;
  status: string;
  isFinal: boolean;
  success: boolean;
  errorCode: string | null;
  productId: string;
  name: string;
  isSubscriptionProduct: boolean;
  amountPaid: number;
  currency: string;
  paymentSystem: string;
  subscriptionId: string | null;
  /** Decline compensation this paid order brought (001 §8); older APIs leave it out. */
  compensationTokens?: number;
}

/** A saved card (`Payments/user-card-info`). */
export interface CardInfo {
  id: string;
  brand: string;
  last4: string;
  paymentSystem: string;
  createdAt: string;
}

export const getSubscriptionProducts = (t: Transport) =>
  t.request<SubscriptionProduct[]>('Payments/subscription-products');
export const getHiddenSubscriptionProducts = (t: Transport) =>
  t.request<SubscriptionProduct[]>('Payments/admin-subscription-products-hidden');
/** `Payments/lifetime-subscription-products`: the lifetime offer (001 §2, §6). */
export const getLifetimeProducts = (t: Transport) =>
  t.request<SubscriptionProduct[]>('Payments/lifetime-subscription-products');
export const getTokenProducts = (t: Transport) => t.request<TokenPack[]>('Payments/one-time-pay-products');
export const getHiddenTokenProducts = (t: Transport) =>
  t.request<TokenPack[]>('Payments/admin-one-time-pay-products-hidden');
export const getActiveSubscription = (t: Transport) =>
  t.request<ActiveSubscription | null>('Payments/user-active-subscription');

/**
 * Starts a checkout (001 §7: one endpoint for subscribers buying a plan, one for everyone else); the answer's
 * `data.link.href` is the provider's hosted page. One Idempotency-Key per click makes a double submit one order.
 */
export function startCheckout(
  t: Transport,
  payload: CheckoutStartPayload,
  subscribed: boolean,
  idempotencyKey: string,
): Promise<{
  orderId: string;
  paymentSystem: string;
  data: { link: { href: string | null } };
  /** The provider's embedded form, when the server offers it (the link stays: PayPal and fallback, ADR 0410). */
  form?: { scriptUrl: string; merchantData: { merchant: string; signature: string; paymentIntent: string } };
}> {
  const path =
    subscribed && !payload.isPurchaseTokens
      ? 'Payments/checkout/start-subscribed'
      : 'Payments/checkout/start';
  return t.request(path, { method: 'POST', body: payload, headers: { 'Idempotency-Key': idempotencyKey } });
}

export const checkOrderStatus = (t: Transport, orderId: string) =>
  t.request<OrderStatus>('payments/check-order-status', { query: { orderId } });

/** `Prometheus/start|stop` around a payment (metric front_payment_duration). Failures are only logged. */
export async function startPaymentTimer(t: Transport, id: string): Promise<void> {
  await t
    .request('Prometheus/start', { method: 'POST', body: { metric: 'front_payment_duration', id } })
    .catch((error: unknown) => console.warn('[checkout] payment timer start failed', error));
}
export async function stopPaymentTimer(
  t: Transport,
  id: string,
  resultLabel: 'success' | 'fail',
  /** The timer was started by a page the browser has left: `Prometheus/stop-by-id` (001 §7). */
  byId = false,
): Promise<void> {
  await t
    .request(byId ? 'Prometheus/stop-by-id' : 'Prometheus/stop', {
      method: 'POST',
      body: byId ? { id, resultLabel } : { metric: 'front_payment_duration', resultLabel, id },
    })
    .catch((error: unknown) => console.warn('[checkout] payment timer stop failed', error));
}

export function cancelSubscription(t: Transport, subscription: ActiveSubscription, answers: string[]) {
  const prefix = subscription.paymentSystem === 'yuno' ? 'YunoPayments' : 'Payments';
  return t.request<ActiveSubscription>(`${prefix}/subscription/${subscription.id}/cancel`, {
    method: 'POST',
    body: { answers },
  });
}
export const restoreSubscription = (t: Transport, id: string) =>
  t.request<ActiveSubscription>(`Payments/subscription/${id}/restore`, { method: 'POST' });
/** A plan change charged on the subscription's saved card; one Idempotency-Key per confirmation. */
export const updateSubscriptionPlan = (t: Transport, productId: string, idempotencyKey: string) =>
  t.request<OrderStatus>('Payments/subscription-products/update', {
    method: 'POST',
    body: { productId },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
export const getCards = (t: Transport, yuno: boolean) =>
  t.request<CardInfo[]>(yuno ? 'YunoPayments/user-card-info' : 'Payments/user-card-info');
export const deleteCard = (t: Transport, cardId: string) =>
  t.request('Payments/user-card-info', { method: 'DELETE', query: { cardId } });
