import { describe, expect, it } from 'vitest';
import type { TimeBombOffer } from '@companion/contracts';
import { testProduct, testTokenProduct } from '@companion/remote-kit/testing';
import { offerProductId } from './offer.ts';

const offer = (over: Partial<TimeBombOffer>): TimeBombOffer => ({
  productAmount: 12,
  productTitle: 'Premium',
  paywallType: 'subscription',
  eventName: 'banner_subscription_annual_clicked',
  eventProperties: { banner_placement: 'explore_time_bomb' },
  ...over,
});

const plans = [
  testProduct('sub-1m', { periodType: 'month', periodValue: 1, periodInMonths: 1 }),
  testProduct('sub-3m', { periodType: 'month', periodValue: 3, periodInMonths: 3 }),
  testProduct('sub-12m', { periodType: 'year', periodValue: 1, periodInMonths: 12 }),
];
const packs = [
  { ...testTokenProduct('tokens-550', { tokenAmount: 550 }), title: '550 tokens' },
  { ...testTokenProduct('tokens-1150', { tokenAmount: 1150 }), title: '1150 tokens' },
];

describe('offerProductId', () => {
  it('should pick the plan of the offer’s length: 12 months for Premium, 3 for the cheaper plan', () => {
    expect(offerProductId(offer({}), plans, null)).toBe('sub-12m');
    expect(offerProductId(offer({ productAmount: 3, label: 'Cheaper Plan' }), plans, null)).toBe('sub-3m');
  });

  it('should pick the token pack of the offer’s amount', () => {
    const tokens = offer({ paywallType: 'tokens', productAmount: 1150, productTitle: '1150 Tokens' });
    expect(offerProductId(tokens, null, packs)).toBe('tokens-1150');
    expect(offerProductId({ ...tokens, productAmount: 550 }, null, packs)).toBe('tokens-550');
  });

  it('should give nothing without an offer, a list, or a matching product', () => {
    expect(offerProductId(undefined, plans, packs)).toBeUndefined();
    expect(offerProductId(offer({}), null, null)).toBeUndefined();
    expect(offerProductId(offer({ productAmount: 6 }), plans, null)).toBeUndefined();
  });
});
