import type { TrackedProduct } from '@companion/contracts';
import type { AdNetwork, PixelConfig } from './pixel-rules.ts';

/** The moments the pixels report (001 §4). */
export type PixelEvent =
  | { kind: 'page-view' }
  | { kind: 'sign-up' }
  | { kind: 'checkout-opened'; product: TrackedProduct }
  | { kind: 'add-to-cart'; product: TrackedProduct }
  | { kind: 'purchase'; product: TrackedProduct; dedupId: string | null }
  | { kind: 'subscribe'; product: TrackedProduct; dedupId: string | null };

/** One call on a network's global: `fbq(...args)`, `snaptr(...args)`, `twq(...args)`, or `ttq[method](...rest)`. */
export type PixelCall = readonly [string, ...unknown[]];

/** Placeholder zip and the currency sent to the networks (001 §4). */
export const PIXEL_ZIP = '00000';
export const PIXEL_CURRENCY = 'USD';

/** Each network's name for each moment (ADR 0240). */
export const EVENT_NAMES: Record<AdNetwork, Record<PixelEvent['kind'], string>> = {
  facebook: {
    'page-view': 'PageView',
    'sign-up': 'CompleteRegistration',
    'checkout-opened': 'InitiateCheckout',
    'add-to-cart': 'AddToCart',
    purchase: 'Purchase',
    subscribe: 'Subscribe',
  },
  tiktok: {
    'page-view': 'Pageview',
    'sign-up': 'CompleteRegistration',
    'checkout-opened': 'InitiateCheckout',
    'add-to-cart': 'AddToCart',
    purchase: 'CompletePayment',
    subscribe: 'Subscribe',
  },
  snapchat: {
    'page-view': 'PAGE_VIEW',
    'sign-up': 'SIGN_UP',
    'checkout-opened': 'START_CHECKOUT',
    'add-to-cart': 'ADD_CART',
    purchase: 'PURCHASE',
    subscribe: 'SUBSCRIBE',
  },
  twitter: {
    'page-view': 'PageView',
    'sign-up': 'SignUp',
    'checkout-opened': 'InitiateCheckout',
    'add-to-cart': 'AddToCart',
    purchase: 'Purchase',
    subscribe: 'Subscribe',
  },
};

/** The price-event payload (001 §4): price, product id, product name, quantity 1, in each network's words. */
export function pricePayload(network: AdNetwork, product: TrackedProduct): Record<string, unknown> {
  const price = product.price / 100;
  switch (network) {
    case 'facebook':
      return {
        value: price,
        currency: PIXEL_CURRENCY,
        content_ids: [product.id],
        content_name: product.name,
        content_type: 'product',
        contents: [{ id: product.id, quantity: 1, item_price: price }],
        num_items: 1,
      };
    case 'tiktok':
      return {
        value: price,
        currency: PIXEL_CURRENCY,
        content_type: 'product',
        contents: [{ content_id: product.id, content_name: product.name, quantity: 1, price }],
      };
    case 'snapchat':
      return {
        price,
        currency: PIXEL_CURRENCY,
        item_ids: [product.id],
        description: product.name,
        number_items: 1,
        geo_postal_code: PIXEL_ZIP,
      };
    case 'twitter':
      return {
        value: price,
        currency: PIXEL_CURRENCY,
        content_ids: [product.id],
        content_name: product.name,
        num_items: 1,
        zip: PIXEL_ZIP,
      };
  }
}

/** The calls that load a network's pixels: every configured id, with the placeholder zip where the network takes it. */
export function initCalls(network: AdNetwork, config: PixelConfig): PixelCall[] {
  switch (network) {
    case 'facebook':
      return config.facebook.map((id) => ['init', id, { zp: PIXEL_ZIP }] as const);
    case 'tiktok':
      return config.tiktok
        ? [
            ['load', config.tiktok],
            ['identify', { zip_code: PIXEL_ZIP }],
          ]
        : [];
    case 'snapchat':
      return config.snapchat ? [['init', config.snapchat, { user_postal_code: PIXEL_ZIP }]] : [];
    case 'twitter':
      return config.twitter ? [['init', config.twitter]] : [];
  }
}

/** The call reporting one moment to one network; purchase and subscribe carry the dedup id when one was found. */
export function eventCall(network: AdNetwork, event: PixelEvent): PixelCall {
  const name = EVENT_NAMES[network][event.kind];
  if (event.kind === 'page-view') return network === 'tiktok' ? ['page'] : ['track', name];
  if (event.kind === 'sign-up')
    return network === 'facebook' || network === 'tiktok'
      ? ['track', name, { currency: PIXEL_CURRENCY }]
      : ['track', name];
  const payload = pricePayload(network, event.product);
  const dedupId = event.kind === 'purchase' || event.kind === 'subscribe' ? event.dedupId : null;
  if (dedupId === null) return ['track', name, payload];
  switch (network) {
    case 'facebook':
      return ['track', name, payload, { eventID: dedupId }];
    case 'tiktok':
      return ['track', name, payload, { event_id: dedupId }];
    case 'snapchat':
      return ['track', name, { ...payload, client_dedup_id: dedupId }];
    case 'twitter':
      return ['track', name, { ...payload, conversion_id: dedupId }];
  }
}
