import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import type { ShellBus, SubscriptionProduct } from '@companion/contracts';
import { renderRemote, testProduct, testUser } from '@companion/remote-kit/testing';
import lifecycles from '../lifecycles.tsx';
import { testLifetimeProduct } from '../testing/products.ts';

const year = testProduct('sub-12m', {
  title: 'Year',
  periodType: 'year',
  periodInMonths: 12,
  isPopular: true,
});
const month = testProduct('sub-1m');

function signedIn(bus: ShellBus) {
  bus.publish('session:changed', { status: 'anonymous', userId: 'u1', isSoftDeleted: false });
  bus.publish('user:changed', { user: testUser({ id: 'u1' }) });
}

/** The pricing page for a signed-in user, once it lists `products`. */
async function renderPricing({
  path = '/pricing',
  products = [month, year],
  api = {},
}: { path?: string; products?: SubscriptionProduct[]; api?: Record<string, unknown> } = {}) {
  const view = await renderRemote(lifecycles, {
    remote: 'checkout',
    path,
    bus: signedIn,
    api: { 'GET Payments/subscription-products': products, ...api },
  });
  await waitFor(() => expect(view.getAllByRole('radio')).toHaveLength(products.length));
  return view;
}

/** The status check of an order the provider has not settled yet. */
const pendingOrder = (orderId: string, status: string) => ({
  'GET payments/check-order-status': { orderId, isFinal: false, success: false, status },
});

describe('checkout pages', () => {
  it('lists the plans and preselects the year plan', async () => {
    const view = await renderPricing();
    expect(view.getByTestId('plan-sub-12m').getAttribute('aria-checked')).toBe('true');
    expect(view.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the renewal badge on the chosen recurring plan, never on lifetime', async () => {
    const view = await renderPricing({ products: [month, year, testLifetimeProduct()] });
    const badges = () =>
      view
        .queryAllByTestId('renewal-badge')
        .map((b) => b.closest('[role="radio"]')?.getAttribute('data-testid'));
    expect(badges()).toEqual(['plan-sub-12m']);
    expect(view.getByTestId('renewal-badge').textContent).toBe('Get 100 bonus tokens for renewal');
    fireEvent.click(view.getByTestId('plan-sub-lifetime'));
    await waitFor(() =>
      expect(view.getByTestId('plan-sub-lifetime').getAttribute('aria-checked')).toBe('true'),
    );
    expect(badges()).toEqual([]);
  });

  it('on a provider return shows the processing step and lists the plans behind it', async () => {
    await renderPricing({
      path: '/pricing?returnTo=%2F&orderId=o1&productId=sub-12m&purchaseType=subscription',
      api: pendingOrder('o1', 'processing'),
    });
    expect(document.querySelector('[data-testid="payment-processing"]')).not.toBeNull();
  });

  it('on a PayPal return waits on the redirect screen’s loader', async () => {
    await renderPricing({
      path: '/pricing?orderId=o2&productId=sub-12m&purchaseType=subscription&paymentSystem=paypal&token=sbx_1',
      api: pendingOrder('o2', 'created'),
    });
    const processing = document.querySelector('[data-testid="payment-processing"]');
    expect(processing?.getAttribute('data-screen')).toBe('redirect');
    expect(document.body.textContent).toContain('Finishing your PayPal payment');
  });

  it('shows the PayPal redirect screen while leaving for PayPal, and keeps the payment slice', async () => {
    const view = await renderPricing({
      api: {
        'POST Payments/checkout/start': {
          orderId: 'o3',
          paymentSystem: 'paypal',
          data: { link: { href: 'http://localhost:3000/api/sandbox/pay/sbx_3' } },
        },
        'POST Prometheus/start': {},
      },
    });
    fireEvent.click(view.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(document.querySelector('[data-testid="checkout-redirect"]')).not.toBeNull());
    expect(document.body.textContent).toContain('Redirecting to PayPal');
    expect(JSON.parse(localStorage.getItem('persist:payment') ?? '{}')).toMatchObject({
      savedProduct: { id: 'sub-12m', price: year.currentPrice, isTokens: false },
      paymentIntentOrderId: 'o3',
    });
    localStorage.clear();
  });
});
