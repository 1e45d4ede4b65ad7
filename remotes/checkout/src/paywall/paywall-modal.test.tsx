import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { ShellBus, TimeBombOffer } from '@companion/contracts';
import { renderRemote, testProduct, testUser } from '@companion/remote-kit/testing';
import lifecycles from '../paywall-lifecycles.tsx';

const plans = [
  testProduct('sub-1m', { title: '1 month' }),
  testProduct('sub-3m', { title: '3 months', periodValue: 3, periodInMonths: 3 }),
  testProduct('sub-12m', { title: 'Year', periodType: 'year', periodInMonths: 12 }),
];

function known(bus: ShellBus) {
  bus.publish('user:changed', { user: { ...testUser({ id: 'u1' }), paymentSystem: 'solidgate' } as never });
}

const cheaperPlan: TimeBombOffer = {
  productAmount: 3,
  productTitle: '3-Month Plan',
  paywallType: 'subscription',
  eventName: 'banner_subscription_quarter_clicked',
  eventProperties: { banner_placement: 'explore_time_bomb' },
  label: 'Cheaper Plan',
  discountPercent: 85,
};

describe('paywall parcel', () => {
  it('shows the time-bomb offer it was opened with and preselects its product', async () => {
    await renderRemote(lifecycles, {
      remote: 'checkout',
      path: '/',
      bus: known,
      api: { 'GET Payments/subscription-products': plans },
      props: {
        slot: 'paywall',
        paywall: {
          request: { paywallType: 'subscription', source: 'explore_time_bomb', offer: cheaperPlan },
          close: () => undefined,
        },
      },
    });
    const offer = await screen.findByTestId('paywall-offer');
    expect(offer.textContent).toContain('3-Month Plan');
    expect(offer.textContent).toContain('Cheaper Plan');
    expect(offer.textContent).toContain('85% OFF');
    await waitFor(() => expect(screen.getByTestId('plan-sub-3m').getAttribute('aria-checked')).toBe('true'));
  });

  it('shows no confirmation until the provider is known', async () => {
    await renderRemote(lifecycles, {
      remote: 'checkout',
      path: '/',
      api: { 'GET Payments/subscription-products': plans },
      props: {
        slot: 'paywall',
        paywall: { request: { paywallType: 'subscription', source: 'chat' }, close: () => undefined },
      },
    });
    expect(await screen.findByTestId('checkout-provider-pending')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
