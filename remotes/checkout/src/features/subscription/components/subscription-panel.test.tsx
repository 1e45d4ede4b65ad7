import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import type { ActiveSubscription, ShellBus, TransportRequest } from '@companion/contracts';
import { renderRemote, testUser } from '@companion/remote-kit/testing';
import lifecycles from '../../../subscription-lifecycles.tsx';

const live: ActiveSubscription = {
  id: 's1',
  productId: 'sub-1m',
  priceId: 'sub-1m',
  startDate: '2026-11-01T00:00:00Z',
  endDate: '2026-12-01T00:00:00Z',
  status: 'active',
  userId: 'u1',
  cancellationRequestedAt: null,
  paymentSystem: 'solidgate',
  periodType: 'month',
  periodValue: 1,
};

function signedIn(bus: ShellBus) {
  bus.publish('user:changed', { user: testUser({ id: 'u1', activeSubscription: live }) });
}

describe('subscription panel', () => {
  it('cancels with the chosen answers after the confirmation, then offers restore', async () => {
    let current = live;
    const calls: [string, TransportRequest][] = [];
    const view = await renderRemote(lifecycles, {
      remote: 'checkout',
      path: '/settings',
      bus: signedIn,
      props: { slot: 'settings' },
      api: (key, init) => {
        calls.push([key, init]);
        if (key === 'GET Payments/user-active-subscription') return current;
        if (key === 'GET Payments/user-card-info')
          return [{ id: 'c1', brand: 'visa', last4: '4242', paymentSystem: 'solidgate', createdAt: '' }];
        if (key === 'POST Payments/subscription/s1/cancel') {
          current = {
            ...live,
            status: 'cancellation_requested',
            cancellationRequestedAt: '2026-11-02T00:00:00Z',
          };
          return current;
        }
        throw new Error(`unexpected ${key}`);
      },
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
});
