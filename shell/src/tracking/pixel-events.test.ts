import { describe, expect, it } from 'vitest';
import type { TrackedProduct } from '@companion/contracts';
import { eventCall, initCalls, PIXEL_CURRENCY, PIXEL_ZIP, type PixelEvent } from './pixel-events.ts';
import type { AdNetwork, PixelConfig } from './pixel-rules.ts';

const product: TrackedProduct = { id: 'sub-12m', name: 'Year', price: 11999, isSubscription: true };
const config: PixelConfig = {
  facebook: ['F1', 'F2', 'F3', 'F4'],
  tiktok: 'T1',
  snapchat: 'S1',
  twitter: 'W1',
};
const NETWORKS: AdNetwork[] = ['facebook', 'tiktok', 'snapchat', 'twitter'];

describe('pixel event mapping (001 §4)', () => {
  it('should init every configured facebook pixel (up to four) with the placeholder zip', () => {
    expect(initCalls('facebook', config)).toEqual([
      ['init', 'F1', { zp: '00000' }],
      ['init', 'F2', { zp: '00000' }],
      ['init', 'F3', { zp: '00000' }],
      ['init', 'F4', { zp: '00000' }],
    ]);
    expect(initCalls('tiktok', config)).toEqual([
      ['load', 'T1'],
      ['identify', { zip_code: '00000' }],
    ]);
    expect(initCalls('snapchat', config)).toEqual([['init', 'S1', { user_postal_code: '00000' }]]);
    expect(initCalls('twitter', config)).toEqual([['init', 'W1']]);
    expect(initCalls('tiktok', { ...config, tiktok: null })).toEqual([]);
  });

  it.each([
    ['facebook', ['track', 'PageView']],
    ['tiktok', ['page']],
    ['snapchat', ['track', 'PAGE_VIEW']],
    ['twitter', ['track', 'PageView']],
  ] as const)('should map page view for %s', (network, call) => {
    expect(eventCall(network, { kind: 'page-view' })).toEqual(call);
  });

  it.each([
    ['facebook', ['track', 'CompleteRegistration', { currency: 'USD' }]],
    ['tiktok', ['track', 'CompleteRegistration', { currency: 'USD' }]],
    ['snapchat', ['track', 'SIGN_UP']],
    ['twitter', ['track', 'SignUp']],
  ] as const)('should map sign up for %s', (network, call) => {
    expect(eventCall(network, { kind: 'sign-up' })).toEqual(call);
  });

  const names: Record<
    AdNetwork,
    Record<'checkout-opened' | 'add-to-cart' | 'purchase' | 'subscribe', string>
  > = {
    facebook: {
      'checkout-opened': 'InitiateCheckout',
      'add-to-cart': 'AddToCart',
      purchase: 'Purchase',
      subscribe: 'Subscribe',
    },
    tiktok: {
      'checkout-opened': 'InitiateCheckout',
      'add-to-cart': 'AddToCart',
      purchase: 'CompletePayment',
      subscribe: 'Subscribe',
    },
    snapchat: {
      'checkout-opened': 'START_CHECKOUT',
      'add-to-cart': 'ADD_CART',
      purchase: 'PURCHASE',
      subscribe: 'SUBSCRIBE',
    },
    twitter: {
      'checkout-opened': 'InitiateCheckout',
      'add-to-cart': 'AddToCart',
      purchase: 'Purchase',
      subscribe: 'Subscribe',
    },
  };

  it.each(NETWORKS)('should name checkout opened, add to cart, purchase and subscribe for %s', (network) => {
    for (const kind of ['checkout-opened', 'add-to-cart', 'purchase', 'subscribe'] as const) {
      const event = { kind, product, dedupId: null } as PixelEvent;
      expect(eventCall(network, event).slice(0, 2)).toEqual(['track', names[network][kind]]);
    }
  });

  it('should send the price payload: price in dollars, product id and name, quantity 1, USD', () => {
    const fb = eventCall('facebook', { kind: 'add-to-cart', product })[2];
    expect(fb).toMatchObject({
      value: 119.99,
      currency: PIXEL_CURRENCY,
      content_ids: ['sub-12m'],
      content_name: 'Year',
      contents: [{ id: 'sub-12m', quantity: 1 }],
    });
    expect(eventCall('tiktok', { kind: 'checkout-opened', product })[2]).toMatchObject({
      value: 119.99,
      currency: 'USD',
      contents: [{ content_id: 'sub-12m', content_name: 'Year', quantity: 1, price: 119.99 }],
    });
    expect(eventCall('snapchat', { kind: 'add-to-cart', product })[2]).toMatchObject({
      price: 119.99,
      currency: 'USD',
      item_ids: ['sub-12m'],
      description: 'Year',
      number_items: 1,
      geo_postal_code: PIXEL_ZIP,
    });
    expect(eventCall('twitter', { kind: 'add-to-cart', product })[2]).toMatchObject({
      value: 119.99,
      currency: 'USD',
      content_ids: ['sub-12m'],
      content_name: 'Year',
      num_items: 1,
      zip: PIXEL_ZIP,
    });
  });

  it('should carry the dedup id in each network’s field for purchase and subscribe', () => {
    const purchase = (network: AdNetwork) => eventCall(network, { kind: 'purchase', product, dedupId: 'D1' });
    expect(purchase('facebook')[3]).toEqual({ eventID: 'D1' });
    expect(purchase('tiktok')[3]).toEqual({ event_id: 'D1' });
    expect(purchase('snapchat')[2]).toMatchObject({ client_dedup_id: 'D1' });
    expect(purchase('twitter')[2]).toMatchObject({ conversion_id: 'D1' });
    expect(eventCall('facebook', { kind: 'subscribe', product, dedupId: 'D2' })[3]).toEqual({
      eventID: 'D2',
    });
    expect(eventCall('facebook', { kind: 'purchase', product, dedupId: null })).toHaveLength(3);
  });
});
