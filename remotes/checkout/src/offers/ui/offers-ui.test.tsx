import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ShellBus, TransportRequest, User } from '@companion/contracts';
import { renderRemote, testUser } from '@companion/remote-kit/testing';
import lifecycles from '../../paywall-lifecycles.tsx';
import { testLifetimeProduct } from '../../testing/products.ts';

const x2 = {
  id: 'tokens-200-x2',
  title: 'Not enough tokens',
  tokenAmount: 100,
  tokenBonus: 100,
  tokenCount: 200,
  bonus: null,
  currentPrice: 999,
  previousPrice: 1998,
};
const x2Downsell = {
  ...x2,
  id: 'tokens-200-x2-70',
  title: "Honey, don't go now!",
  currentPrice: 599,
  bonus: 70,
};

/** The paywall parcel opened by a short balance, as the shell mounts it; the bus keeps the shell's timer records. */
async function openInsufficient(options: { hasCard: boolean; startedSecondsAgo?: number }) {
  const calls: [string, TransportRequest][] = [];
  const events: string[] = [];
  const close = vi.fn();
  const view = await renderRemote(lifecycles, {
    remote: 'checkout',
    path: '/chat/c1',
    props: {
      slot: 'paywall',
      paywall: {
        request: { paywallType: 'tokens', source: 'chat' },
        close,
        insufficient: { request: 'message', needed: 4, source: 'chat' },
      },
    },
    bus: (bus: ShellBus) => {
      bus.publish('user:changed', {
        user: testUser({ id: 'u1', isCardTokenExists: options.hasCard, isNSFWContent: true }),
      });
      const timers: Record<string, { id: string; startDate: string }> = {};
      const id = 'offer:insufficient:main:u1';
      if (options.startedSecondsAgo !== undefined)
        timers[id] = { id, startDate: new Date(Date.now() - options.startedSecondsAgo * 1000).toISOString() };
      bus.publish('timers:changed', { timers: { ...timers } });
      bus.handle('timer:start-requested', ({ id: started }) => {
        if (timers[started]) return;
        timers[started] = { id: started, startDate: new Date().toISOString() };
        bus.publish('timers:changed', { timers: { ...timers } });
      });
      bus.subscribe('analytics:event-tracked', ({ name }) => events.push(name));
    },
    api: (key, init) => {
      calls.push([key, init]);
      if (key === 'GET Payments/insufficient-funds-products')
        return init.query?.['variant'] === 'downsell' ? [x2Downsell] : [x2];
      if (key === 'GET Payments/one-time-pay-products') return [];
      if (key === 'POST Payments/one-click')
        return { orderId: 'o1', status: 'approved', isFinal: true, success: true, errorCode: null };
      if (key === 'POST Payments/checkout/start')
        return { orderId: 'o2', paymentSystem: 'solidgate', data: { link: { href: null } } };
      if (key.startsWith('POST Prometheus')) return {};
      throw Object.assign(new Error(`no fake answer for ${key}`), { status: 404 });
    },
  });
  return { view, calls, events, close };
}

describe('insufficient-tokens offer in the paywall parcel', { timeout: 30_000 }, () => {
  it('shows the x2 offer, continues a timer that started before a reload, and tracks popup_shown', async () => {
    const { events } = await openInsufficient({ hasCard: false, startedSecondsAgo: 20 });
    // The flows are a lazy chunk: the first render waits for it.
    const dialog = await screen.findByRole('dialog', { name: 'Not enough tokens' }, { timeout: 15_000 });
    expect(dialog.textContent).toContain('This offer is available only now, on this screen.');
    expect(await screen.findByRole('button', { name: 'Get 100 FREE tokens' })).toBeTruthy();
    // 59 s timer started 20 s ago: 0:39 (or 0:38 at a second boundary), not a fresh 0:59.
    expect(screen.getByTestId('offer-timer-value').textContent).toMatch(/^0:3[89]$/);
    expect(dialog.querySelector('[data-art]')?.getAttribute('data-art')).toBe('message-adult');
    // Tracked by the flow's effect, which may run just after the dialog is in the document.
    await waitFor(() => expect(events).toContain('insufficient_funds_message_main_popup_shown'));
    // No saved card: no consent box.
    expect(screen.queryByTestId('one-click-consent')).toBeNull();
  });

  it('closing asks for confirmation that Escape cannot dismiss, then shows the 70% downsell', async () => {
    const { events, close } = await openInsufficient({ hasCard: false });
    await screen.findByRole('button', { name: 'Get 100 FREE tokens' }, { timeout: 15_000 });
    fireEvent.click(screen.getByTestId('offer-decline'));
    const confirm = await screen.findByTestId('offer-confirmation');
    expect(confirm.getAttribute('data-variant')).toBe('free-tokens');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByTestId('offer-confirmation')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'No, go back' }));
    await screen.findByTestId('insufficient-main');
    fireEvent.click(screen.getByTestId('offer-decline'));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, lose access' }));
    const downsell = await screen.findByRole('dialog', { name: "Honey, don't go now!" });
    expect(downsell.textContent).toContain('70% OFF');
    expect(events).toContain('insufficient_funds_message_main_closed');
    await waitFor(() => expect(events).toContain('insufficient_funds_message_downsell_popup_shown'));
    fireEvent.click(screen.getByTestId('offer-decline'));
    await waitFor(() => expect(close).toHaveBeenCalled());
  });

  it('charges the saved card only with consent; without it the hosted checkout starts', async () => {
    const { calls, events } = await openInsufficient({ hasCard: true });
    const buy = await screen.findByRole('button', { name: 'Get 100 FREE tokens' }, { timeout: 15_000 });
    // Not ticked: the hosted page, never the saved card.
    fireEvent.click(buy);
    await waitFor(() => expect(calls.some(([key]) => key === 'POST Payments/checkout/start')).toBe(true));
    expect(calls.some(([key]) => key === 'POST Payments/one-click')).toBe(false);
    fireEvent.click(screen.getByTestId('one-click-consent'));
    fireEvent.click(screen.getByRole('button', { name: 'Get 100 FREE tokens' }));
    await screen.findByText('Payment Completed');
    const [, init] = calls.find(([key]) => key === 'POST Payments/one-click')!;
    expect(init.body).toMatchObject({ productId: 'tokens-200-x2', consent: true });
    expect(init.headers?.['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(events).toContain('insufficient_funds_message_main_clicked');
  });
});

describe('lifetime offer in the paywall parcel', { timeout: 30_000 }, () => {
  const lifetime = testLifetimeProduct();
  /** An annual subscriber from the left panel's banner: the upgrade chain starts at lifetime (001 §4). */
  async function openLifetime(features: Partial<User['userFeatures']>) {
    await renderRemote(lifecycles, {
      remote: 'checkout',
      path: '/',
      props: {
        slot: 'paywall',
        paywall: { request: { paywallType: 'subscription', source: 'left_panel_banner' }, close: vi.fn() },
      },
      bus: (bus: ShellBus) => {
        bus.publish('user:changed', {
          user: testUser(
            {
              id: 'u1',
              periodInMonths: 'annually',
              activeSubscription: {
                id: 's1',
                productId: 'sub-12m',
                priceId: 'sub-12m',
                startDate: '2026-11-01T00:00:00Z',
                endDate: '2027-11-01T00:00:00Z',
                status: 'active',
                userId: 'u1',
                cancellationRequestedAt: null,
                paymentSystem: 'solidgate',
                periodType: 'year',
                periodValue: 1,
              },
            },
            features,
          ),
        });
      },
      api: (key) => {
        if (key === 'GET Payments/lifetime-subscription-products') return [lifetime];
        if (key === 'GET Payments/user-active-subscription') return null;
        if (key.startsWith('POST Prometheus')) return {};
        throw Object.assign(new Error(`no fake answer for ${key}`), { status: 404 });
      },
    });
    return screen.findByTestId('upgrade-lifetime', {}, { timeout: 15_000 });
  }

  it("shows 'Get 100 Tokens every month' without the flag", async () => {
    const offer = await openLifetime({});
    expect(offer.textContent).toContain('Pay Once – Use Forever');
    expect(offer.textContent).toContain('Get 100 Tokens every month');
  });

  it('hides it when the user feature hideLifetimeMonthlyTokens is set', async () => {
    const offer = await openLifetime({ hideLifetimeMonthlyTokens: true });
    expect(offer.textContent).toContain('Cheaper than annual subscription');
    expect(offer.textContent).not.toContain('Get 100 Tokens every month');
  });
});
