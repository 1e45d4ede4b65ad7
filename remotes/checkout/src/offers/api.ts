import type { SubscriptionProduct, Transport } from '@companion/contracts';
import { getLifetimeProducts, type OrderStatus, type TokenPack } from '../api/payments-api.ts';

/** The offer lists of 001 §7 the flows read (catalogue answers; prices only from the server). */
export const offerLists = {
  upsell: (t: Transport) => t.request<TokenPack[]>('Payments/upsell-products'),
  tokenDownsell: (t: Transport, tokenProductId: string | null) =>
    t.request<TokenPack[]>('Payments/downsell-on-token-upsell', {
      query: tokenProductId ? { tokenProductId } : {},
    }),
  mysteryBox: (t: Transport) => t.request<TokenPack[]>('Payments/mystery-box-products'),
  insufficient: (t: Transport, variant: 'main' | 'downsell') =>
    t.request<TokenPack[]>('Payments/insufficient-funds-products', { query: { variant } }),
  monthly: (t: Transport) =>
    t.request<SubscriptionProduct[]>('Payments/insufficient-funds-products', {
      query: { variant: 'monthly' },
    }),
  welcome: (t: Transport, step: 'welcome' | 'downsell' | 'extra') =>
    t.request<TokenPack[]>('Payments/token-purchase-extra-products', { query: { step } }),
  upgrade: (t: Transport, downsellType: 'base' | 'extra') =>
    t.request<SubscriptionProduct[]>('Payments/downsell/products', { query: { downsellType } }),
  lifetime: getLifetimeProducts,
};

/** `POST Payments/one-click` (001 §7, same shape as the intents) with the buyer's consent; one key per click. */
export function oneClick(
  t: Transport,
  body: { productId: string; downsellType: string | null; returnTo: string },
  idempotencyKey: string,
) {
  return t.request<OrderStatus>('Payments/one-click', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: {
      productId: body.productId,
      successUrl: body.returnTo,
      failUrl: body.returnTo,
      isDownsellPayment: body.downsellType !== null,
      downsellType: body.downsellType,
      consent: true,
    },
  });
}
