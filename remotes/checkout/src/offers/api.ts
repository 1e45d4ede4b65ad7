import type { SubscriptionProduct, Transport, User } from '@companion/contracts';
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

/** Who pays and from where: the fields 001 §7 names for every creation call, one-click included. */
export interface CreationContext {
  sourcePath: string;
  customerPlatform: string;
  userAgent: string;
  trafficSource: string | null;
  /** The shell keeps the device fingerprint to itself; the API knows it from the account. */
  fingerprint: string | null;
  isNConfirmed: boolean;
  isSConfirmed: boolean;
}

/** The creation-call context of this buyer on this page. */
export function creationContext(
  user: Pick<User, 'utmSource' | 'isNConfirmed' | 'isSConfirmed'> | null,
  sourcePath: string,
): CreationContext {
  return {
    sourcePath,
    customerPlatform: 'web',
    userAgent: navigator.userAgent,
    trafficSource: user?.utmSource ?? null,
    fingerprint: null,
    isNConfirmed: user?.isNConfirmed ?? false,
    isSConfirmed: user?.isSConfirmed ?? false,
  };
}

/**
 * `POST Payments/one-click` (001 §7: the same shape as the intents: return URLs, product, the creation context,
 * the downsell it is) with the buyer's consent; one key per click.
 */
export function oneClick(
  t: Transport,
  body: { productId: string; downsellType: string | null; returnTo: string; context: CreationContext },
  idempotencyKey: string,
) {
  return t.request<OrderStatus>('Payments/one-click', {
    method: 'POST',
    headers: { 'Idempotency-Key': idempotencyKey },
    body: {
      productId: body.productId,
      successUrl: body.returnTo,
      failUrl: body.returnTo,
      ...body.context,
      isDownsellPayment: body.downsellType !== null,
      downsellType: body.downsellType,
      consent: true,
    },
  });
}
