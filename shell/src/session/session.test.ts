import type { User } from '@companion/contracts';
import { createAppBus } from '@companion/event-bus';
import { createAppHistory } from '@companion/history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERSIST_KEYS } from './auth-store.ts';
import { API_PATHS, CHARACTER_DRAFT_KEY } from '@companion/contracts';
import type * as arrivalModule from './arrival.ts';
import { createArrival } from './arrival.ts';
import { createSession, type Session, type SessionDeps } from './session.ts';
import { fakeJwt, makeUser } from './test-fixtures.ts';

// The real arrival, watched: it loads only for a visit that needs it (ADR 0275).
vi.mock('./arrival.ts', async (original) => {
  const actual = await original<typeof arrivalModule>();
  return { ...actual, createArrival: vi.fn(actual.createArrival) };
});

const NOW = Date.UTC(2026, 5, 1, 12);
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A tiny in-memory API: issues tokens, answers 401 without a valid bearer, 410 for deleted users. */
function fakeApi() {
  let serial = 0;
  const valid = new Map<string, string>(); // access token → user id
  const refreshTokens = new Map<string, string>(); // refresh token → user id
  const deleted = new Set<string>();
  const savedAuth = new Map<string, unknown>();
  const subscribed = new Set<string>();
  const calls: { path: string; auth: string | null; body: unknown; method: string }[] = [];
  const sentSavedAuth: unknown[] = [];
  const withEmail = new Set<string>(['member']);
  const issue = (userId: string, webpage?: string) => {
    serial += 1;
    const accessToken = fakeJwt({
      sub: userId,
      exp: NOW / 1000 + 900,
      n: serial,
      ...(webpage ? { webpage } : {}),
    });
    const refreshToken = `r-${serial}`;
    valid.set(accessToken, userId);
    refreshTokens.set(refreshToken, userId);
    return { accessToken, refreshToken };
  };
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    await Promise.resolve();
    const url = new URL(String(input));
    const path = url.pathname.replace(/^\/api\//, '');
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const auth = headers['Authorization'] ?? null;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : null;
    calls.push({ path, auth, body, method: init?.method ?? 'GET' });
    if (path === 'Authenticate/pre-register') {
      const id = `g${serial + 1}`;
      return json({ ...issue(id, '/'), generatedUserId: id });
    }
    if (path === API_PATHS.refreshGeneratedUser || path === API_PATHS.refreshRegisteredUser) {
      const userId = refreshTokens.get((body as { refreshToken: string }).refreshToken);
      if (!userId) return json({ error: { code: 'invalid_refresh_token', message: 'no' } }, 401);
      refreshTokens.delete((body as { refreshToken: string }).refreshToken);
      return json(issue(userId));
    }
    if (path === 'Authenticate/get-auth-token-info') {
      const saved = savedAuth.get(url.searchParams.get('savedInfoId') ?? '');
      if (!saved) return json({ error: { code: 'saved_auth_not_found', message: 'no' } }, 404);
      return json(saved);
    }
    if (path === 'Authenticate/magic-link-login') {
      const code = (body as { MagicLinkCode: string }).MagicLinkCode;
      if (code !== 'good')
        return json(
          { error: { code: 'magic_link_expired', message: 'expired', field: 'MagicLinkCode' } },
          400,
        );
      return json({ ...issue('member'), userId: 'member' });
    }
    const userId = auth ? valid.get(auth.replace('Bearer ', '')) : undefined;
    if (!userId) return json({ error: { code: 'missing_token', message: 'no' } }, 401);
    if (deleted.has(userId)) return json({ error: { code: 'account_deleted', message: 'gone' } }, 410);
    if (path === 'Authenticate/save-auth-token-info') {
      const id = `saved-${savedAuth.size + 1}`;
      // Like the API: the JSON-string form (what the client sends) or the object form.
      const info = (body as { authTokenInfoToSave: unknown }).authTokenInfoToSave;
      savedAuth.set(id, typeof info === 'string' ? JSON.parse(info) : info);
      sentSavedAuth.push(info);
      return json({ savedToken: id });
    }
    if (path === 'User')
      return json(
        makeUser({
          id: userId,
          email: withEmail.has(userId) ? 'm@x.y' : null,
          activeSubscription: subscribed.has(userId) ? ({ id: 'sub-1' } as User['activeSubscription']) : null,
        }),
      );
    if (path === 'Tokens/balance')
      return json({
        remainingTokens: 7,
        nextDailyTokenClaimDate: null,
        spentTokens: subscribed.has(userId) ? 0 : 1,
      });
    return json({ ok: true, userId });
  });
  return {
    fetchImpl,
    savedAuth,
    sentSavedAuth,
    withEmail,
    subscribed,
    calls,
    issue,
    deleted,
    count: (path: string) => calls.filter((c) => c.path === path).length,
  };
}

describe('session', () => {
  let api: ReturnType<typeof fakeApi>;
  let session: Session;
  const history = createAppHistory(window);
  /** A session over the fake API, with `extra` dependencies on top of the defaults. */
  const make = (extra: Partial<SessionDeps> = {}) => {
    const bus = createAppBus();
    session = createSession({
      bus,
      history,
      fetchImpl: api.fetchImpl as typeof fetch,
      fingerprint: { get: async () => 'fp-1', reset: vi.fn() },
      now: () => NOW,
      uuid: () => 'req-1',
      ...extra,
    });
    return bus;
  };

  /** Stores an expired access token for guest g0 beside a refresh token (`refreshToken`), as a tab left open. */
  const storeExpired = (refreshToken: string) => {
    const expired = fakeJwt({ sub: 'g0', exp: NOW / 1000 - 5, webpage: '/' });
    localStorage.setItem(PERSIST_KEYS.auth, JSON.stringify({ accessToken: expired, refreshToken }));
    localStorage.setItem(PERSIST_KEYS.generatedUserId, 'g0');
    return expired;
  };

  beforeEach(() => {
    localStorage.clear();
    history.replace('/');
    api = fakeApi();
  });
  afterEach(() => session?.stop());

  it('should load the arrival handlers only for a visit with an auth query (ADR 0275)', async () => {
    vi.mocked(createArrival).mockClear();
    make();
    await session.start();
    expect(createArrival).not.toHaveBeenCalled();
    session.stop();
    history.replace('/?MagicCode=good');
    make();
    await session.start();
    expect(createArrival).toHaveBeenCalledTimes(1);
    expect(api.count('Authenticate/magic-link-login')).toBe(1);
  });

  it('should pre-register exactly once on a first visit and persist tokens under persist: keys', async () => {
    const bus = make();
    await Promise.all([
      session.start(),
      session.transport.request('Chats'),
      session.transport.request('Chats'),
    ]);
    expect(api.count('Authenticate/pre-register')).toBe(1);
    const preRegister = api.calls.find((c) => c.path === 'Authenticate/pre-register');
    expect(preRegister?.auth).toBeNull();
    expect(preRegister?.body).toEqual({
      fingerprint: 'fp-1',
      isNConfirmed: false,
      isSConfirmed: false,
      utmSource: null,
      pathname: '/',
    });
    const stored = JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!);
    expect(stored).toMatchObject({ isAuth: false, isSoftDeleted: false, refreshToken: expect.any(String) });
    expect(localStorage.getItem(PERSIST_KEYS.generatedUserId)).toMatch(/^g/);
    expect(bus.current('session:changed')).toMatchObject({ status: 'anonymous' });
    expect(bus.current('tokens:balance-changed')?.balance.remainingTokens).toBe(7);
  });

  it("should take the balance from a successful payment's remainingBalance at once (001 §4)", async () => {
    const bus = make();
    await session.start();
    expect(bus.current('tokens:balance-changed')?.balance.remainingTokens).toBe(7);
    const notification = {
      success: true,
      product: { id: 'tokens-550', name: '550 tokens', isSubscriptionProduct: false },
      amountPaid: 3999,
      currencyPaid: 'USD',
      subscription: null,
      remainingBalance: 607,
    };
    bus.publish('payment:notification-received', { notification: { ...notification, success: false } });
    expect(bus.current('tokens:balance-changed')?.balance.remainingTokens).toBe(7);
    bus.publish('payment:notification-received', { notification });
    expect(bus.current('tokens:balance-changed')?.balance.remainingTokens).toBe(607);
  });

  it('should publish a session restored from storage at once, before anything changes', () => {
    const pair = api.issue('g0', '/');
    localStorage.setItem(PERSIST_KEYS.auth, JSON.stringify(pair));
    localStorage.setItem(PERSIST_KEYS.generatedUserId, 'g0');
    const bus = make();
    // Replayed state: a remote mounted for a returning visitor sees the session without waiting for a change.
    expect(bus.current('session:changed')).toMatchObject({ userId: 'g0' });
  });

  it('should hand out the stored tokens and a device id (query first, else the fingerprint)', async () => {
    make();
    await session.start();
    const stored = JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!);
    expect(session.tokens()).toEqual({ accessToken: stored.accessToken, refreshToken: stored.refreshToken });
    await expect(session.deviceId()).resolves.toBe('fp-1');
    history.replace('/?device_id=dev-9');
    await expect(session.deviceId()).resolves.toBe('dev-9');
  });

  it('should send no token when expired and share one refresh among 20 concurrent 401s', async () => {
    const pair = api.issue('g0', '/');
    const expired = storeExpired(pair.refreshToken);
    localStorage.setItem(
      PERSIST_KEYS.confirmations,
      JSON.stringify({ isNConfirmed: true, isSConfirmed: false }),
    );
    make();
    const start = session.start();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => session.transport.request<{ userId: string }>('Chats')),
    );
    await start;
    expect(answers.every((a) => a.userId === 'g0')).toBe(true);
    expect(api.count(API_PATHS.refreshGeneratedUser)).toBe(1);
    expect(api.count('Authenticate/pre-register')).toBe(0);
    const chats = api.calls.filter((c) => c.path === 'Chats');
    expect(chats.filter((c) => c.auth === null)).toHaveLength(20);
    expect(chats.filter((c) => c.auth?.startsWith('Bearer '))).toHaveLength(20);
    const refresh = api.calls.find((c) => c.path === API_PATHS.refreshGeneratedUser);
    expect(refresh).toMatchObject({
      auth: null,
      body: { accessToken: expired, refreshToken: pair.refreshToken, userId: 'g0', isNConfirmed: true },
    });
  });

  it('should use the registered refresh path without a generated id, and log out to / after 500 ms on failure', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const expired = fakeJwt({ sub: 'member', exp: NOW / 1000 - 5 });
      localStorage.setItem(
        PERSIST_KEYS.auth,
        JSON.stringify({ accessToken: expired, refreshToken: 'stolen', isAuth: true }),
      );
      history.replace('/chat');
      make();
      await session.start();
      expect(api.count(API_PATHS.refreshRegisteredUser)).toBe(1);
      expect(JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!)).toMatchObject({
        accessToken: null,
        isAuth: false,
      });
      expect(history.location.pathname).toBe('/chat');
      await vi.advanceTimersByTimeAsync(499);
      expect(history.location.pathname).toBe('/chat');
      await vi.advanceTimersByTimeAsync(1);
      expect(history.location.pathname).toBe('/');
    } finally {
      vi.useRealTimers();
    }
  });

  it('should recover a soft-deleted account: flag, one pre-register, retry, clear, go to /', async () => {
    const bus = make();
    await session.start();
    const oldUser = bus.current('session:changed')!.userId!;
    api.deleted.add(oldUser);
    history.push('/gallery');
    const seen: boolean[] = [];
    bus.subscribe('session:changed', (s) => seen.push(s.isSoftDeleted));
    const [a, b] = await Promise.all([
      session.transport.request<{ userId: string }>('Gallery/x'),
      session.transport.request<{ userId: string }>('Gallery/y'),
    ]);
    expect(a.userId).not.toBe(oldUser);
    expect(b.userId).toBe(a.userId);
    expect(api.count('Authenticate/pre-register')).toBe(2);
    expect(seen).toContain(true);
    expect(bus.current('session:changed')?.isSoftDeleted).toBe(false);
    expect(JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!).isSoftDeleted).toBe(false);
    expect(history.location.pathname).toBe('/');
  });

  it('should clear a stale soft-deleted flag on a later 200', async () => {
    make();
    await session.start();
    localStorage.setItem(
      PERSIST_KEYS.auth,
      JSON.stringify({ ...JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!), isSoftDeleted: true }),
    );
    await session.transport.request('Chats');
    expect(JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!).isSoftDeleted).toBe(false);
  });

  it('should sign in with a magic link, drop the code and go to settings after 500 ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      history.replace('/?MagicCode=good&destination=settings&utm_source=tiktok');
      const bus = make();
      await session.start();
      expect(api.count('Authenticate/pre-register')).toBe(0);
      expect(api.calls.find((c) => c.path === 'Authenticate/magic-link-login')?.body).toMatchObject({
        Fingerprint: 'fp-1',
        MagicLinkCode: 'good',
        IsNConfirmed: false,
        IsSConfirmed: false,
      });
      expect(history.location.search).toBe('?utm_source=tiktok');
      expect(JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!).isAuth).toBe(true);
      expect(bus.current('session:changed')).toMatchObject({ status: 'registered', userId: 'member' });
      await vi.advanceTimersByTimeAsync(500);
      expect(history.location.pathname).toBe('/settings');
    } finally {
      vi.useRealTimers();
    }
  });

  it('should open the login modal in expired mode when the magic link fails', async () => {
    history.replace('/?MagicCode=old');
    const bus = make();
    const opened = vi.fn();
    bus.handle('auth:login-requested', opened);
    await session.start();
    expect(opened).toHaveBeenCalledWith({ mode: 'expired', source: 'magic-link' });
    expect(history.location.pathname + history.location.search).toBe('/');
    // The visitor still gets a guest session.
    expect(api.count('Authenticate/pre-register')).toBe(1);
  });

  it('should store Google return tokens, remove them from the URL and track login and sign-up', async () => {
    const pair = api.issue('member');
    history.replace(
      `/?accessToken=${pair.accessToken}&refreshToken=${pair.refreshToken}&register=true&gclid=1`,
    );
    const bus = make();
    const events: string[] = [];
    bus.subscribe('analytics:event-tracked', (e) => events.push(e.name));
    await session.start();
    expect(history.location.search).toBe('?gclid=1');
    expect(events).toEqual(expect.arrayContaining(['login', 'sign_up']));
    await vi.waitFor(() => expect(api.count('Fingerprint')).toBe(1));
    expect(api.calls.find((c) => c.path === 'Fingerprint')?.body).toEqual({ fingerprint: 'fp-1' });
    expect(bus.current('user:changed')?.user?.email).toBe('m@x.y');
  });

  it("should keep a funnel domain's handed-over wizard draft where the wizard reads it, and take it out of the URL", async () => {
    const pair = api.issue('member');
    const draft = JSON.stringify({ version: 1, step: 'summary', draft: { name: 'Luna' } });
    history.replace(
      `/create-character?accessToken=${pair.accessToken}&refreshToken=${pair.refreshToken}&characterDraft=${encodeURIComponent(draft)}&utm_source=fb`,
    );
    make();
    await session.start();
    expect(sessionStorage.getItem(CHARACTER_DRAFT_KEY)).toBe(draft);
    expect(history.location.search).toBe('?utm_source=fb');
  });

  it('should log out: reset auth and fingerprint, go to / after 500 ms, then start a new guest', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const bus = make();
      await session.start();
      const first = bus.current('session:changed')!.userId;
      history.push('/my-ai');
      bus.publish('auth:logout-requested', { source: 'profile-menu' });
      expect(bus.current('session:changed')).toMatchObject({ status: 'signed-out', userId: null });
      await vi.advanceTimersByTimeAsync(500);
      expect(history.location.pathname).toBe('/');
      await vi.waitFor(() => expect(bus.current('session:changed')?.status).toBe('anonymous'));
      expect(bus.current('session:changed')?.userId).not.toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should set the balance to 0 when its fetch fails and refetch it after a failed claim', async () => {
    make();
    await session.start();
    api.fetchImpl.mockImplementation(async () => json({ error: { code: 'x', message: 'down' } }, 503));
    await expect(session.claimDailyBonus()).resolves.toEqual({ ok: false, tokens: null });
    expect(session.snapshot().balance?.remainingTokens).toBe(0);
  });

  it('should offer Google one-tap to an anonymous user when configured and sign in with its credential', async () => {
    const reload = vi.fn();
    const prompts: { clientId: string; onCredential(c: string): void }[] = [];
    make({
      googleClientId: 'cid',
      reload,
      showOneTap: async (options) => void prompts.push(options),
    });
    await session.start();
    expect(prompts).toHaveLength(1);
    prompts[0]!.onCredential('google-jwt');
    await vi.waitFor(() => expect(reload).toHaveBeenCalled());
    expect(api.calls.find((c) => c.path === 'Authenticate/google-signin')?.body).toMatchObject({
      googleAccessToken: 'google-jwt',
      fingerprint: 'fp-1',
      terms: true,
    });
  });

  it('should save auth every 9 minutes in an in-app browser and put the id in the URL', async () => {
    vi.useFakeTimers({ toFake: ['setInterval'] });
    try {
      history.replace('/?utm_source=tiktok');
      make({
        inAppBrowser: true,
      });
      await session.start();
      // Not vi.waitFor: under fake timers it advances the clock, which would fire the interval early.
      for (let n = 0; n < 50; n += 1) await Promise.resolve();
      expect(new URLSearchParams(history.location.search).get('savedInfoId')).toBe('saved-1');
      expect(new URLSearchParams(history.location.search).get('utm_source')).toBe('tiktok');
      // 000 §7: `authTokenInfoToSave` travels as JSON, a string inside the body.
      expect(typeof api.sentSavedAuth[0]).toBe('string');
      expect(api.savedAuth.get('saved-1')).toMatchObject({
        isUserLoggedIn: false,
        generatedUserId: expect.any(String),
      });
      expect(JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!).inAppAuthToken).toBe('saved-1');
      await vi.advanceTimersByTimeAsync(9 * 60 * 1000 - 1);
      expect(api.count('Authenticate/save-auth-token-info')).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      await vi.waitFor(() => expect(api.count('Authenticate/save-auth-token-info')).toBe(2));
    } finally {
      vi.useRealTimers();
    }
  });

  it('should take over a saved session from the URL: tokens, category and theme, without a pre-register', async () => {
    const pair = api.issue('member');
    api.savedAuth.set('s-9', {
      ...pair,
      isUserLoggedIn: true,
      generatedUserId: null,
      isLightTheme: true,
      category: 'anime',
    });
    history.replace('/?savedInfoId=s-9');
    const applyTheme = vi.fn();
    const bus = make({
      applyTheme,
    });
    await session.start();
    expect(api.count('Authenticate/pre-register')).toBe(0);
    expect(applyTheme).toHaveBeenCalledWith('light');
    expect(bus.current('category:changed')).toEqual({ category: 'anime' });
    expect(bus.current('session:changed')).toMatchObject({ status: 'registered', userId: 'member' });
  });

  it('should store tokens from a registration notification and mark the user registered', async () => {
    const bus = make();
    await session.start();
    const pair = api.issue('member');
    await session.applyRegistration({ userId: 'member', tokens: pair });
    expect(JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!)).toMatchObject({
      isAuth: true,
      accessToken: pair.accessToken,
    });
    expect(localStorage.getItem(PERSIST_KEYS.generatedUserId)).toBeNull();
    await vi.waitFor(() => expect(bus.current('user:changed')?.user?.email).toBe('m@x.y'));
    expect(api.count('Fingerprint')).toBe(1);
  });

  it('should keep bots (by user agent) from pre-registering', async () => {
    make({ isBot: true });
    await session.start();
    await session.transport.request('PersonModel/top').catch(() => undefined);
    expect(api.count('Authenticate/pre-register')).toBe(0);
  });

  it('should refetch the user after a registration notification for the same account id, never showing no user', async () => {
    const bus = make();
    await session.start();
    const id = bus.current('session:changed')!.userId!;
    const users: unknown[] = [];
    bus.subscribe('user:changed', ({ user }) => users.push(user));
    users.length = 0;
    const fetchesBefore = api.count('User');
    // The API upgrades the anonymous user in place: same id, now with an e-mail and no webpage claim.
    api.withEmail.add(id);
    await session.applyRegistration({ userId: id, tokens: api.issue(id) });
    await vi.waitFor(() => expect(bus.current('user:changed')?.user?.email).toBe('m@x.y'));
    expect(api.count('User')).toBeGreaterThan(fetchesBefore);
    expect(users).not.toContain(null);
    expect(bus.current('session:changed')).toMatchObject({ status: 'registered', userId: id });
    expect(session.snapshot().userKnown).toBe(true);
  });

  it('should apply a re-sent RegistrationNotification once: the first pair is kept and sign_up tracked once', async () => {
    const bus = make();
    await session.start();
    const id = bus.current('session:changed')!.userId!;
    const signUps: unknown[] = [];
    bus.subscribe('analytics:event-tracked', (event) => {
      if (event.name === 'sign_up') signUps.push(event);
    });
    api.withEmail.add(id);
    const first = api.issue(id);
    await session.applyRegistration({ userId: id, tokens: first });
    await session.applyRegistration({ userId: id, tokens: api.issue(id) });
    await vi.waitFor(() => expect(bus.current('session:changed')).toMatchObject({ status: 'registered' }));
    expect(signUps).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem('persist:auth') ?? '{}')).toMatchObject({
      accessToken: first.accessToken,
    });
  });

  it('should refetch the user after POST Fingerprint, and read the user only after the Google return’s Fingerprint call', async () => {
    const pair = api.issue('member');
    history.replace(`/?accessToken=${pair.accessToken}&refreshToken=${pair.refreshToken}`);
    make();
    await session.start();
    const paths = api.calls.map((call) => call.path);
    expect(paths.indexOf('Fingerprint')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('Fingerprint')).toBeLessThan(paths.indexOf('User'));
    // A later fingerprint registration (registration hub) invalidates the user cache: the user is read again.
    const before = api.count('User');
    await session.applyRegistration({ userId: 'member', tokens: api.issue('member') });
    await vi.waitFor(() => expect(api.count('User')).toBeGreaterThan(before));
    const after = api.calls.map((call) => call.path);
    expect(after.lastIndexOf('User')).toBeGreaterThan(after.lastIndexOf('Fingerprint'));
  });

  it('should PUT Fingerprint only when the device fingerprint changed since the API got it, then read the user again', async () => {
    let hash = 'fp-1';
    make({ fingerprint: { get: async () => hash, reset: vi.fn() } });
    await session.start();
    const puts = () => api.calls.filter((call) => call.path === 'Fingerprint' && call.method === 'PUT');
    // The pre-register gave the API this device's fingerprint: nothing to update.
    await session.syncFingerprint();
    expect(puts()).toHaveLength(0);
    hash = 'fp-2';
    const users = api.count('User');
    await session.syncFingerprint();
    expect(puts().map((call) => call.body)).toEqual([{ fingerprint: 'fp-2' }]);
    expect(api.count('User')).toBeGreaterThan(users);
    await session.syncFingerprint();
    expect(puts()).toHaveLength(1);
    // A failed collection ('') tells the API nothing.
    hash = '';
    await session.syncFingerprint();
    expect(puts()).toHaveLength(1);
  });

  it('should refetch user and balance once, 5 s after load, for a subscriber whose spending reads 0', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const pair = api.issue('member');
      api.subscribed.add('member');
      localStorage.setItem(PERSIST_KEYS.auth, JSON.stringify({ ...pair, isAuth: true }));
      make();
      await session.start();
      expect([api.count('User'), api.count('Tokens/balance')]).toEqual([1, 1]);
      await vi.advanceTimersByTimeAsync(4999);
      expect(api.count('User')).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect([api.count('User'), api.count('Tokens/balance')]).toEqual([2, 2]);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.count('User')).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('should not refresh when another tab refreshed while this one waited for the cross-tab lock', async () => {
    const stale = api.issue('g0', '/');
    const fresh = api.issue('g0', '/');
    storeExpired(stale.refreshToken);
    const request = vi.fn(async (_name: string, run: () => Promise<boolean>) => {
      // The other tab held the lock and rotated the tokens meanwhile.
      localStorage.setItem(PERSIST_KEYS.auth, JSON.stringify(fresh));
      return run();
    });
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    try {
      make();
      await session.start();
      await expect(session.transport.request<{ userId: string }>('Chats')).resolves.toMatchObject({
        userId: 'g0',
      });
      expect(request).toHaveBeenCalledWith('companion:auth-refresh', expect.any(Function));
      expect(api.count(API_PATHS.refreshGeneratedUser)).toBe(0);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('should reset the session on a hub 410 only if the hub used the current token', async () => {
    const bus = make();
    await session.start();
    const first = bus.current('session:changed')!.userId;
    await session.resetAfterHubGone('some-older-token');
    expect(api.count('Authenticate/pre-register')).toBe(1);
    const current = JSON.parse(localStorage.getItem(PERSIST_KEYS.auth)!).accessToken as string;
    await session.resetAfterHubGone(current);
    expect(api.count('Authenticate/pre-register')).toBe(2);
    expect(bus.current('session:changed')?.userId).not.toBe(first);
  });
});
