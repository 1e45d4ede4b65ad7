import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from '@testing-library/react';
import type { ShellBus } from '@companion/contracts';
import { renderRemote, testUser } from '@companion/remote-kit/testing';
import lifecycles from '../../../lifecycles.tsx';

const RETURN = '/tokens?returnTo=%2Fchat%2Fc1&orderId=o1&productId=tokens-550&purchaseType=token';

function signedIn(bus: ShellBus) {
  bus.publish('user:changed', { user: testUser({ id: 'u1' }) });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('payment result (001 §4 polling, §7 tracking)', () => {
  it('polls every 2 s, and after 20 s without an answer says still processing, not failed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    await renderRemote(lifecycles, {
      remote: 'checkout',
      path: RETURN,
      bus: signedIn,
      api: (key) => {
        if (key === 'GET payments/check-order-status') {
          polls += 1;
          return { orderId: 'o1', isFinal: false, success: false, status: 'processing' };
        }
        if (key.startsWith('POST Prometheus')) return {};
        return [];
      },
    });
    expect(document.querySelector('[data-testid="payment-processing"]')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls).toBe(6);
    expect(document.querySelector('[data-testid="payment-still-processing"]')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(document.querySelector('[data-testid="payment-still-processing"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="payment-fail"]')).toBeNull();
    const after = polls;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls).toBe(after);
  });

  it('takes the PaymentNotification, refreshes the balance, the user after 500 ms, and tracks one purchase after 1000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const published: string[] = [];
    const tracked: string[] = [];
    const view = await renderRemote(lifecycles, {
      remote: 'checkout',
      path: RETURN,
      bus: (bus) => {
        signedIn(bus);
        bus.handle('user:refresh-requested', () => published.push('user'));
        bus.handle('tokens:balance-refresh-requested', () => published.push('balance'));
        bus.subscribe('analytics:event-tracked', ({ name }) => tracked.push(name));
      },
      api: (key) => {
        if (key === 'GET payments/check-order-status')
          return { orderId: 'o1', isFinal: false, success: false, status: 'processing' };
        return key.startsWith('POST') ? {} : [];
      },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    act(() =>
      view.rootBus.publish('payment:notification-received', {
        notification: {
          success: true,
          orderId: 'o1',
          product: { id: 'tokens-550', name: '550 tokens', isSubscriptionProduct: false },
          amountPaid: 3999,
          currencyPaid: 'USD',
          subscription: null,
          remainingBalance: 600,
        },
      }),
    );
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(document.querySelector('[data-testid="payment-success"]')).not.toBeNull();
    expect(document.querySelector('[data-testid="payment-success"]')?.textContent).toContain('550 tokens');
    // The balance at once; the user through the subscription bookkeeping, 500 ms later (000 §9).
    expect(published).toEqual(['balance']);
    expect(tracked.filter((name) => name === 'purchase')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(published).toEqual(['balance', 'user']);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(tracked.filter((name) => name === 'purchase')).toHaveLength(1);
    // Proceed goes back to the chat the buyer came from, with the purchase flag.
    act(() =>
      [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Proceed'))!.click(),
    );
    expect(window.location.pathname + window.location.search).toBe('/chat/c1?purchased=true');
  });
});
