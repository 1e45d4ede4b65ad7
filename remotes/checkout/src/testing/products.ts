import type { SubscriptionProduct } from '@companion/contracts';
import { testProduct } from '@companion/remote-kit/testing';

/** Tests only: the catalogue's lifetime plan (001 §3: period 'year' with value 100), $199.99 once. */
export function testLifetimeProduct(overrides: Partial<SubscriptionProduct> = {}): SubscriptionProduct {
  return testProduct('sub-lifetime', {
    title: 'Lifetime',
    periodType: 'year',
    periodValue: 100,
    periodInMonths: 1200,
    isLifetimeSubscription: true,
    currentPrice: 19999,
    previousPrice: 79999,
    ...overrides,
  });
}
