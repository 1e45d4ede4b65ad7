import { describe, expect, it } from 'vitest';
import { checkoutScreen, providerName } from './checkout-screen.ts';

describe('checkoutScreen (001 §2 "Checkout screens")', () => {
  it('should show no confirmation until the provider is known', () => {
    expect(checkoutScreen({ paymentSystem: null })).toBe('pending');
  });

  it('should give card providers the card checkout and PayPal the redirect screen', () => {
    expect(checkoutScreen({ paymentSystem: 'solidgate' })).toBe('card');
    expect(checkoutScreen({ paymentSystem: 'yuno' })).toBe('card');
    expect(checkoutScreen({ paymentSystem: 'paypal' })).toBe('redirect');
  });

  it('should use the redirect screen when the active subscription was paid with PayPal', () => {
    expect(checkoutScreen({ paymentSystem: 'solidgate', activeSystem: 'paypal' })).toBe('redirect');
    expect(checkoutScreen({ paymentSystem: null, activeSystem: 'paypal' })).toBe('redirect');
    expect(checkoutScreen({ paymentSystem: 'solidgate', activeSystem: 'yuno' })).toBe('card');
  });

  it('should follow the provider a return names, PayPal-style returns on the redirect screen', () => {
    expect(checkoutScreen({ paymentSystem: null, returnSystem: 'paypal' })).toBe('redirect');
    expect(checkoutScreen({ paymentSystem: 'paypal', returnSystem: 'solidgate' })).toBe('card');
  });

  it('should name PayPal and describe the card providers’ page', () => {
    expect(providerName('paypal')).toBe('PayPal');
    expect(providerName('solidgate')).toBe('our secure payment page');
  });
});
