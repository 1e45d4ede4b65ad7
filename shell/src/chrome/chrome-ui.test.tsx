import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import {
  DISCONNECTED_HUBS,
  FAKE_BRAND,
  createFakeTransport,
  testSubscription,
  testUser,
} from '@companion/remote-kit/testing';
import { MODAL_WIDTHS } from '@companion/ui';
import { App } from '../app/app.tsx';
import { ShellProvider, type ShellServices } from '../app/shell-context.tsx';
import { TEST_ROUTES } from '../routing/test-routes.ts';
import { RemoteLoader } from '../federation/remote-loader.ts';
import type { SessionApi, SessionSnapshot } from '../session/session-api.ts';
// The app loads these on first use (ADR 0236); importing them here keeps the lazy imports quick in jsdom.
import './auth-modal.tsx';
import './daily-bonus-modal.tsx';
import './logout-dialog.tsx';
import '../pages/account-pages.tsx';
import '../pages/legal-page.tsx';
import { loadChrome } from './load-chrome.ts';

/** A lazily rendered dialog gets more than the default second on a loaded machine. */
const LAZY = { timeout: 5000 };

const SUBSCRIPTION = testSubscription({
  productId: 'p',
  priceId: null,
  startDate: '2026-01-01',
  endDate: null,
});

function fakeSession(
  user: User | null,
  userKnown = true,
): SessionApi & { set(patch: Partial<SessionSnapshot>): void } {
  let snapshot: SessionSnapshot = {
    session: {
      status: user?.email ? 'registered' : 'anonymous',
      userId: user?.id ?? null,
      isSoftDeleted: false,
    },
    user,
    balance: { remainingTokens: 1250, nextDailyTokenClaimDate: '2000-01-01T00:00:00Z', spentTokens: 3 },
    userKnown,
  };
  const listeners = new Set<() => void>();
  return {
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(patch) {
      snapshot = { ...snapshot, ...patch };
      listeners.forEach((listener) => listener());
    },
    requestMagicLink: vi.fn(async () => undefined),
    tokens: () => ({ accessToken: null, refreshToken: null }),
    deviceId: async () => '',
    syncFingerprint: async () => undefined,
    logout: vi.fn(async () => undefined),
    refreshUser: vi.fn(async () => undefined),
    refreshBalance: vi.fn(async () => undefined),
    claimDailyBonus: vi.fn(async () => ({ ok: true, tokens: 25 })),
    confirmContent: vi.fn(async () => undefined),
    renameUser: vi.fn(async () => undefined),
    deleteAccount: vi.fn(async () => undefined),
    googleClientId: null,
  };
}

function setup(path: string, session: SessionApi) {
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', path);
  const history = createAppHistory(window);
  const bus = createAppBus();
  const runtime = {
    registerRemotes: () => undefined,
    loadRemote: () => new Promise<never>(() => undefined),
  };
  const loader = new RemoteLoader({ schemaVersion: 1, remotes: {} }, runtime, 'http://localhost');
  const setTheme = vi.fn();
  const services = {
    history,
    bus,
    loader: Promise.resolve(loader),
    routes: TEST_ROUTES,
    transport: createFakeTransport(() => ({ country: 'DE' })),
    hubs: DISCONNECTED_HUBS,
    session,
    brand: FAKE_BRAND,
    theme: 'dark',
    setTheme,
  } as ShellServices;
  render(
    <ShellProvider value={services}>
      <App />
    </ShellProvider>,
  );
  return { history, bus, setTheme };
}

describe('shell chrome', () => {
  // As `startShell` does for a page with the chrome: its chunk is in before the first render (ADR 0278).
  beforeAll(() => loadChrome());

  afterEach(() => cleanup());

  it('should show Login and the theme switch when logged out, and open the auth modal from Login', async () => {
    const session = fakeSession(testUser({ email: null }));
    const { setTheme } = setup('/legal', session);
    const header = screen.getByTestId('shell-header');
    fireEvent.click(within(header).getByRole('button', { name: 'Switch to light theme' }));
    expect(setTheme).toHaveBeenCalledWith('light');
    expect(within(header).queryByTestId('profile-menu-button')).toBeNull();
    fireEvent.click(within(header).getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' }, LAZY);
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with email' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'Enter a valid email address.',
    );
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'ana@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue with email' }));
    expect(await screen.findByTestId('auth-sent')).toBeTruthy();
    expect(session.requestMagicLink).toHaveBeenCalledWith('ana@example.com', 'main');
  });

  it('should open the sign-in modal instead of navigating when a logged-out visitor clicks My AI', async () => {
    setup('/legal', fakeSession(testUser({ email: null })));
    const sidebar = screen.getByTestId('shell-sidebar');
    fireEvent.click(within(sidebar).getByRole('link', { name: 'My AI' }));
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' }, LAZY)).toBeTruthy();
    expect(window.location.pathname).toBe('/legal');
  });

  it('should open the paywall intent for Photo Generation without a subscription', () => {
    const { bus } = setup('/legal', fakeSession(testUser()));
    const publish = vi.spyOn(bus, 'publish');
    fireEvent.click(
      within(screen.getByTestId('shell-sidebar')).getByRole('link', { name: /Photo Generation/ }),
    );
    expect(publish).toHaveBeenCalledWith('paywall:open-requested', {
      paywallType: 'subscription',
      source: 'sidebar',
    });
    expect(window.location.pathname).toBe('/legal');
  });

  it('should show Subscription in the profile menu only without an active subscription', () => {
    setup('/legal', fakeSession(testUser()));
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    const menu = screen.getByRole('menu', { name: 'Profile' });
    expect([...menu.querySelectorAll('[role^="menuitem"]')].map((item) => item.textContent)).toEqual([
      'Subscription',
      'Dark mode',
      'Settings',
      'Log out',
    ]);
    cleanup();
    setup('/legal', fakeSession(testUser({ activeSubscription: SUBSCRIPTION })));
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    expect(within(screen.getByRole('menu')).queryByText('Subscription')).toBeNull();
  });

  it('should close the profile menu on an outside mousedown', () => {
    setup('/legal', fakeSession(testUser()));
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('should show the profile image in the profile menu, falling back to a user icon (000 §5)', () => {
    setup('/legal', fakeSession(testUser({ userProfileUrl: '/api/images/me.png' })));
    const picture = within(screen.getByTestId('profile-menu-button')).getByRole('img', {
      name: 'Profile picture',
    });
    expect(picture.tagName).toBe('IMG');
    expect(picture.getAttribute('src')).toBe('/api/images/me.png');
    fireEvent.error(picture);
    const icon = within(screen.getByTestId('profile-menu-button')).getByRole('img', {
      name: 'Profile picture',
    });
    expect(icon.tagName).toBe('SPAN');
    expect(icon.querySelector('svg')).not.toBeNull();
    cleanup();
    setup('/legal', fakeSession(testUser({ userProfileUrl: null })));
    const none = within(screen.getByTestId('profile-menu-button')).getByRole('img', {
      name: 'Profile picture',
    });
    expect(none.querySelector('svg')).not.toBeNull();
  });

  it('should confirm Log out in the Log out Account dialog, with Cancel doing nothing', async () => {
    const session = fakeSession(testUser());
    setup('/legal', session);
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Log out Account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(session.logout).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    dialog = await screen.findByRole('dialog', { name: 'Log out Account' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(session.logout).toHaveBeenCalledOnce());
  });

  it('should open the sign-in and log-out dialogs as default 600 px modals and only the daily bonus at 440 px (000 §2.5)', async () => {
    expect(MODAL_WIDTHS).toMatchObject({ md: 600, sm: 440 });
    setup('/legal', fakeSession(testUser({ email: null })));
    fireEvent.click(within(screen.getByTestId('shell-header')).getByRole('button', { name: 'Login' }));
    const signIn = await screen.findByRole('dialog', { name: 'Log in or sign up' }, LAZY);
    expect(signIn.getAttribute('data-size')).toBe('md');
    cleanup();
    setup('/legal', fakeSession(testUser({}, { isDailyTokensEnabled: true })));
    fireEvent.click(screen.getByTestId('profile-menu-button'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Log out' }));
    const logOut = await screen.findByRole('dialog', { name: 'Log out Account' });
    expect(logOut.getAttribute('data-size')).toBe('md');
    fireEvent.click(within(logOut).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByTestId('daily-bonus-button'));
    const bonus = await screen.findByRole('dialog');
    expect(bonus.getAttribute('data-size')).toBe('sm');
  });

  it('should show the token menu to subscribers only, hiding the message row under free messages', () => {
    setup('/legal', fakeSession(testUser()));
    expect(screen.queryByTestId('token-menu-button')).toBeNull();
    cleanup();
    setup(
      '/legal',
      fakeSession(testUser({ activeSubscription: SUBSCRIPTION }, { featureExperimentFreeMessages: true })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Token balance: 1,250' }));
    const menu = screen.getByRole('dialog', { name: 'Token balance' });
    expect(within(menu).getByTestId('cost-character').textContent).toContain('100');
    expect(within(menu).queryByTestId('cost-message')).toBeNull();
    expect(within(menu).getAllByRole('listitem')).toHaveLength(6);
  });

  it('should show skeletons in the bottom navigation until the user is known', () => {
    const session = fakeSession(null, false);
    setup('/legal', session);
    expect(screen.getAllByTestId('bottom-nav-skeleton')).toHaveLength(5);
    act(() => session.set({ user: testUser({ email: null }), userKnown: true }));
    expect(screen.queryByTestId('bottom-nav-skeleton')).toBeNull();
    const nav = screen.getByTestId('shell-bottom-nav');
    expect(within(nav).getByRole('link', { name: 'Create character' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: /Premium/ })).toBeTruthy();
  });

  it('should let anonymous visitors browse explore, pricing and legal pages while every other protected link opens the sign-in modal (000 §6)', async () => {
    setup('/legal', fakeSession(testUser({ email: null })));
    const sidebar = screen.getByTestId('shell-sidebar');
    const bottomNav = screen.getByTestId('shell-bottom-nav');
    const protectedLinks = [
      within(sidebar).getByRole('link', { name: /Create Character/ }),
      within(sidebar).getByRole('link', { name: /^Chat/ }),
      within(sidebar).getByRole('link', { name: /Gallery/ }),
      within(sidebar).getByRole('link', { name: /My AI/ }),
      within(sidebar).getByRole('link', { name: /Photo Generation/ }),
      within(sidebar).getByRole('link', { name: /Contact Us/ }),
      within(bottomNav).getByRole('link', { name: /Chat/ }),
      within(bottomNav).getByRole('link', { name: 'Create character' }),
      within(bottomNav).getByRole('link', { name: /Gallery/ }),
    ];
    for (const link of protectedLinks) {
      fireEvent.click(link);
      expect(window.location.pathname, link.textContent ?? '').toBe('/legal');
      const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' }, LAZY);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    for (const [name, path] of [
      [/Pricing/, '/pricing'],
      [/Terms of Service/, '/legal/terms-of-service'],
      [/Explore/, '/'],
    ] as const) {
      fireEvent.click(within(sidebar).getByRole('link', { name }));
      expect(window.location.pathname).toBe(path);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
  });

  it('should open the sign-in modal over the main page at /hidden-auth (hidden modal auth), keeping the query', async () => {
    setup('/hidden-auth?utm_source=tiktok', fakeSession(testUser({ email: null })));
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' }, LAZY)).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    expect(window.location.search).toBe('?utm_source=tiktok');
    expect(screen.getByTestId('route-outlet').querySelector('[data-remote-outlet="explore"]')).not.toBeNull();
  });

  it('should render /maintenance in its own layout without header, sidebar or bottom nav', async () => {
    setup('/maintenance', fakeSession(testUser()));
    // The page is a lazy chunk (ADR 0260).
    expect(
      await screen.findByRole('heading', { name: "Whoops! We're working on something exciting!" }),
    ).toBeTruthy();
    expect(screen.queryByTestId('shell-header')).toBeNull();
    expect(screen.queryByTestId('shell-sidebar')).toBeNull();
    expect(screen.queryByTestId('shell-bottom-nav')).toBeNull();
  });

  it('should track a bottom navigation click with source navbar and pass the item id as state', () => {
    const { bus } = setup('/legal', fakeSession(testUser({ email: 'ana@example.com' })));
    const events: unknown[] = [];
    bus.subscribe('analytics:event-tracked', (event) => events.push(event));
    fireEvent.click(within(screen.getByTestId('shell-bottom-nav')).getByRole('link', { name: /Gallery/ }));
    expect(events).toEqual([{ name: 'navbar_click', properties: { source: 'navbar', item: 'gallery' } }]);
    expect(window.location.pathname).toBe('/gallery');
    expect(JSON.stringify(window.history.state)).toContain('"navItemId":"gallery"');
  });

  it('should redirect a gated route to main when the NSFW check fails, keeping the query', async () => {
    setup('/settings?utm_medium=cpc', fakeSession(testUser({ nEnabled: false })));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(window.location.search).toBe('?utm_medium=cpc');
  });

  it('should allow a gated route when the NSFW check passes and wait while the user is unknown', async () => {
    const session = fakeSession(null, false);
    setup('/settings', session);
    expect(screen.getByTestId('route-gate')).toBeTruthy();
    act(() => session.set({ user: testUser({ nEnabled: true }), userKnown: true }));
    expect(await screen.findByTestId('settings')).toBeTruthy();
    expect(window.location.pathname).toBe('/settings');
  });

  it('should claim the daily bonus in two steps and go to chat', async () => {
    const session = fakeSession(testUser({}, { isDailyTokensEnabled: true }));
    setup('/legal', session);
    fireEvent.click(screen.getByTestId('daily-bonus-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get Bonus' }));
    expect(await within(dialog).findByRole('heading', { name: 'You got 25 tokens!' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start chatting' }));
    expect(window.location.pathname).toBe('/chat');
    expect(session.claimDailyBonus).toHaveBeenCalledOnce();
  });

  it('should keep a failed claim console-only, staying on getTokens with no message (000 §8)', async () => {
    const session = fakeSession(testUser({}, { isDailyTokensEnabled: true }));
    vi.mocked(session.claimDailyBonus).mockResolvedValueOnce({ ok: false, tokens: null });
    setup('/legal', session);
    fireEvent.click(screen.getByTestId('daily-bonus-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get Bonus' }));
    await waitFor(() => expect(session.claimDailyBonus).toHaveBeenCalledOnce());
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Get Bonus' })).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('daily-bonus-modal').dataset['step']).toBe('getTokens');
    // A failed claim records no time: the bonus is still offered.
    expect(localStorage.getItem('persist:daily-bonus-claimed-at')).toBeNull();
  });

  it('should count a claim in the last hour as recent and not offer the bonus again', async () => {
    // The balance still says claimable (it has not caught up with the claim).
    const session = fakeSession(testUser({}, { isDailyTokensEnabled: true }));
    const { bus } = setup('/legal', session);
    fireEvent.click(screen.getByTestId('daily-bonus-button'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get Bonus' }));
    expect(await within(dialog).findByRole('heading', { name: 'You got 25 tokens!' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    act(() => session.set({}));
    expect(screen.queryByTestId('daily-bonus-button')).toBeNull();
    act(() => bus.publish('daily-bonus:open-requested', { source: 'test' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Older than an hour: offered again.
    localStorage.setItem('persist:daily-bonus-claimed-at', String(Date.now() - 61 * 60 * 1000));
    act(() => session.set({}));
    expect(screen.getByTestId('daily-bonus-button')).toBeTruthy();
  });

  it('should open the auth modal in expired mode when the session asks for it', async () => {
    const { bus } = setup('/legal', fakeSession(testUser({ email: null })));
    act(() => bus.publish('auth:login-requested', { mode: 'expired', source: 'magic-link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in or sign up' }, LAZY);
    expect(within(dialog).getByTestId('auth-expired').textContent).toContain('expired');
  });

  it('should leave the subscriber refetch to the session (one owner of the 5 s rule)', () => {
    vi.useFakeTimers();
    try {
      const session = fakeSession(testUser({ activeSubscription: SUBSCRIPTION }));
      act(() =>
        session.set({ balance: { remainingTokens: 10, nextDailyTokenClaimDate: null, spentTokens: 0 } }),
      );
      setup('/legal', session);
      act(() => vi.advanceTimersByTime(60_000));
      expect(session.refreshBalance).not.toHaveBeenCalled();
      expect(session.refreshUser).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('should publish the category from the query, anything but anime being realistic', () => {
    const { bus } = setup('/legal?category=video', fakeSession(testUser()));
    expect(bus.current('category:changed')).toEqual({ category: 'realistic' });
  });
});
