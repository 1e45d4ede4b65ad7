import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ShellBus, TransportRequest } from '@companion/contracts';
import {
  renderRemote,
  testProduct,
  testSubscription,
  testUser,
  type FakeApi,
} from '@companion/remote-kit/testing';
import lifecycles from '../../../subscription-lifecycles.tsx';

const live = testSubscription();

function signedIn(bus: ShellBus) {
  bus.publish('user:changed', { user: testUser({ id: 'u1', activeSubscription: live }) });
}

const SAVED_CARD = { id: 'c1', brand: 'visa', last4: '4242', paymentSystem: 'solidgate', createdAt: '' };

/** The panel in the settings slot, as the shell's settings page mounts it. */
function renderSettings(api: FakeApi, bus: (bus: ShellBus) => void = signedIn) {
  return renderRemote(lifecycles, {
    remote: 'checkout',
    path: '/settings',
    bus,
    props: { slot: 'settings' },
    api,
  });
}

// Generous: the first test pays the module warm-up, which a loaded machine stretches past the default 5 s.
describe('subscription panel', { timeout: 20_000 }, () => {
  it.each([
    ['a monthly plan', live, true],
    [
      'a lifetime plan',
      { ...live, productId: 'sub-lifetime', endDate: null, periodType: 'year', periodValue: 100 },
      false,
    ],
  ] as const)('shows the renewal badge for %s: %s', async (_name, subscription, shown) => {
    const view = await renderSettings((key) => {
      if (key === 'GET Payments/user-active-subscription') return subscription;
      if (key === 'GET Payments/user-card-info') return [];
      throw new Error(`unexpected ${key}`);
    });
    expect(await view.findByText('No saved cards.')).toBeTruthy();
    const badge = view.queryByTestId('renewal-badge');
    expect(badge?.textContent ?? null).toBe(shown ? 'Get 100 bonus tokens for renewal' : null);
  });

  it('cancels with the chosen answers after the confirmation, then offers restore', async () => {
    let current = live;
    const calls: [string, TransportRequest][] = [];
    const view = await renderSettings((key, init) => {
      calls.push([key, init]);
      if (key === 'GET Payments/user-active-subscription') return current;
      if (key === 'GET Payments/user-card-info') return [SAVED_CARD];
      if (key === 'POST Payments/subscription/s1/cancel') {
        current = {
          ...live,
          status: 'cancellation_requested',
          cancellationRequestedAt: '2026-11-02T00:00:00Z',
        };
        return current;
      }
      throw new Error(`unexpected ${key}`);
    });
    expect(await view.findByText('visa •••• 4242')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(document.querySelector('input[type="checkbox"]')!);
    const confirm = [...document.querySelectorAll('button')].find(
      (b) => b.textContent === 'Yes, lose access',
    )!;
    fireEvent.click(confirm);
    await waitFor(() => expect(view.getByRole('button', { name: 'Restore subscription' })).toBeTruthy());
    const cancel = calls.find(([key]) => key === 'POST Payments/subscription/s1/cancel');
    expect(cancel?.[1].body).toEqual({ answers: ['It is too expensive'] });
  });

  it('says so when there is no subscription', async () => {
    const view = await renderRemote(lifecycles, {
      remote: 'checkout',
      path: '/settings',
      bus: signedIn,
      api: { 'GET Payments/user-active-subscription': null, 'GET Payments/user-card-info': [] },
    });
    expect(await view.findByText('You are on the free plan.')).toBeTruthy();
  });

  it('changes plan on the saved card: upgrade-only plans, one Idempotency-Key per confirmation, then the result', async () => {
    const calls: [string, TransportRequest][] = [];
    const plans = [
      testProduct('sub-1m', { title: '1 month' }),
      testProduct('sub-3m', { title: '3 months', periodValue: 3, periodInMonths: 3, currentPrice: 4399 }),
      testProduct('sub-12m', { title: 'Year', periodType: 'year', periodInMonths: 12, currentPrice: 11999 }),
    ];
    const view = await renderSettings(
      (key, init) => {
        calls.push([key, init]);
        if (key === 'GET Payments/user-active-subscription') return live;
        if (key === 'GET Payments/user-card-info') return [SAVED_CARD];
        if (key === 'GET Payments/subscription-products') return plans;
        if (key === 'POST Payments/subscription-products/update') return { orderId: 'o9' };
        if (key === 'POST Prometheus/start' || key === 'POST Prometheus/stop') return {};
        if (key === 'GET payments/check-order-status')
          return {
            orderId: 'o9',
            isFinal: true,
            success: true,
            status: 'approved',
            name: '3 months',
            isSubscriptionProduct: true,
            amountPaid: 4399,
            errorCode: null,
          };
        throw new Error(`unexpected ${key}`);
      },
      (bus) =>
        bus.publish('user:changed', {
          user: testUser({ id: 'u1', activeSubscription: live, isCardTokenExists: true }),
        }),
    );
    fireEvent.click(await view.findByRole('button', { name: 'Change plan' }));
    await waitFor(() => expect(view.getByTestId('plan-sub-3m')).toBeTruthy());
    // Upgrade-only: the current monthly plan is shown as current and cannot be picked.
    expect(view.getByTestId('plan-sub-1m').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(view.getByTestId('plan-sub-3m'));
    fireEvent.click(view.getByRole('button', { name: 'Get Cheaper Plan' }));
    const pay = await screen.findByRole('button', { name: 'Pay $43.99' });
    expect(screen.getByTestId('change-plan-confirm').textContent).toContain('visa •••• 4242');
    // No charge without the one-click consent (001 §2), offered because a card token exists.
    fireEvent.click(pay);
    expect(await screen.findByText('Please agree to the charge on your saved card first.')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('checkbox', {
        name: 'By continuing I agree to be charged using the same payment details I used before.',
      }),
    );
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(await screen.findByTestId('payment-success')).toBeTruthy();
    const updates = calls.filter(([key]) => key === 'POST Payments/subscription-products/update');
    expect(updates).toHaveLength(1);
    expect(updates[0]![1].body).toEqual({ productId: 'sub-3m' });
    expect(updates[0]![1].headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    const timers = calls
      .filter(([key]) => key.startsWith('POST Prometheus/'))
      .map(([key, init]) => [key, init.body]);
    expect(timers).toEqual([
      ['POST Prometheus/start', { metric: 'front_payment_duration', id: 'o9' }],
      ['POST Prometheus/stop', { metric: 'front_payment_duration', resultLabel: 'success', id: 'o9' }],
    ]);
  });
});
