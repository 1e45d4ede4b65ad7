import type {
  AppHistory,
  Category,
  PreRegisterResponse,
  RegistrationNotification,
  SavedAuthInfo,
  SessionState,
  ShellBus,
  ThemeMode,
  TokenPair,
  TokensBalance,
  Transport,
  User,
} from '@companion/contracts';
import { AuthStore } from './auth-store.ts';
import { createFingerprint, type Fingerprint } from './fingerprint.ts';
import { oneTapAllowed, showOneTap } from './google-one-tap.ts';
import { decodeClaims, isTokenExpired } from './jwt.ts';
import { SAVED_AUTH_PARAM, readAuthQuery, stripParams, utmSourceFrom, type AuthQuery } from './auth-query.ts';
import type { SessionApi, SessionSnapshot } from './session-api.ts';
import { createTransport, type TokenSource } from './transport.ts';
import { applyUserFetch as applyUserRules } from './user-rules.ts';

/** Spec 000 §9: logout and magic-link redirect delay. */
export const REDIRECT_DELAY_MS = 500;
/** Spec 000 §4/§9: in-app browsers re-save auth every 9 minutes. */
export const SAVED_AUTH_INTERVAL_MS = 9 * 60 * 1000;
/** Spec 000 §4/§9: subscribed users with no spending refetch once after 5 s. */
export const SUBSCRIBER_REFETCH_DELAY_MS = 5000;

/** The two refresh paths (ADR 0011): a stored generated user id picks the first. */
export const REFRESH_PATHS = {
  generatedUser: 'Authenticate/refresh-generated-user-token',
  registeredUser: 'Authenticate/refresh-token',
} as const;

/** What the session needs from its host. */
export interface SessionDeps {
  bus: ShellBus;
  history: AppHistory;
  storage?: Storage;
  fetchImpl?: typeof fetch;
  fingerprint?: Fingerprint;
  now?: () => number;
  /** Google sign-in client id; null hides Google sign-in. */
  googleClientId?: string | null;
  /** In-app browser (Facebook, Instagram, TikTok, …): auth is saved every 9 minutes for the hand-over. */
  inAppBrowser?: boolean;
  /** Applies a theme handed over by saved auth. */
  applyTheme?: (mode: ThemeMode) => void;
  /** Full page reload (Google one-tap success). */
  reload?: () => void;
  uuid?: () => string;
  /** Resolves once the shell's UI has mounted its intent handlers (intents published earlier are dropped). */
  uiReady?: Promise<void>;
  /** Google one-tap prompt (default: the Google Identity Services script). */
  showOneTap?: typeof showOneTap;
  /** Public answers the origin inlined into the HTML, for the transport (ADR 0082). */
  firstLoad?: Map<string, unknown>;
}

/** The shell's session: the `SessionApi` the chrome uses, plus what bootstrap, transport and hubs need. */
export interface Session extends SessionApi {
  /** The authenticated transport handed to remotes. */
  readonly transport: Transport;
  /** Reads the auth query (saved auth, Google return, magic link), bootstraps a guest, fetches user and balance. */
  start(): Promise<void>;
  /** A valid token for a hub connection, refreshing first when the stored one expired ('' when none). */
  hubAccessToken(): Promise<string>;
  /** Spec 001 §8: hub connect failure with 410 resets the session state and sets the fingerprint again. */
  resetAfterHubGone(usedToken: string | null): Promise<void>;
  /** Spec 001 §7: the registration hub's event registers the user and stores its tokens. */
  applyRegistration(notification: RegistrationNotification): Promise<void>;
  /** Google one-tap credential (only offered to an anonymous user without email): sign in, then reload. */
  signInWithGoogle(credential: string): Promise<void>;
  stop(): void;
}

const trackedEvent = (
  bus: ShellBus,
  name: string,
  properties: Record<string, string | number | boolean | null>,
) => bus.publish('analytics:event-tracked', { name, properties });

/** Creates the session (one per page). */
export function createSession(deps: SessionDeps): Session {
  const { bus, history } = deps;
  const storage = deps.storage ?? localStorage;
  const store = new AuthStore(storage);
  const fingerprint = deps.fingerprint ?? createFingerprint();
  const now = deps.now ?? (() => Date.now());
  const uuid = deps.uuid ?? (() => crypto.randomUUID());
  const listeners = new Set<() => void>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let savedAuthInterval: ReturnType<typeof setInterval> | null = null;

  let user: User | null = store.user()?.user ?? null;
  let balance: TokensBalance | null = null;
  let userKnown = false;
  let fetchingUser = false;

  /** Resolves once the auth query is handled; requests wait for it so a magic link is not raced by a guest. */
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  /** The one refresh / pre-register in flight; every concurrent 401 or 410 waits for it. */
  let pendingAuth: Promise<boolean> | null = null;
  let goneRecovery: { done: boolean } | null = null;
  let subscriberRefetchArmed = true;
  let oneTapShown = false;
  let bootstrapFailed = false;
  /** Until start() has read the auth query, token changes do not trigger user and balance fetches. */
  let started = false;
  let snapshot: SessionSnapshot = { session: sessionState(), user, balance, userKnown };
  let lastUserId: string | null = snapshot.session.userId;

  function sessionState(): SessionState {
    const auth = store.auth();
    const claims = decodeClaims(auth.accessToken ?? null);
    const userId = claims?.sub ?? null;
    let status: SessionState['status'];
    if (!auth.accessToken && !auth.refreshToken) status = pendingAuth || !started ? 'loading' : 'signed-out';
    // The token already says who this is (a `webpage` claim marks a generated user), so the chrome need not
    // wait for `GET User` to show Login or the profile menu.
    else if (auth.isAuth || user?.email || (claims && typeof claims.webpage !== 'string'))
      status = 'registered';
    else if (claims || user) status = 'anonymous';
    else status = 'loading';
    return { status, userId, isSoftDeleted: auth.isSoftDeleted };
  }

  const later = (ms: number, fn: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  function emit(): void {
    const session = sessionState();
    const previous = snapshot;
    snapshot = { session, user, balance, userKnown };
    if (
      previous.session.status !== session.status ||
      previous.session.userId !== session.userId ||
      previous.session.isSoftDeleted !== session.isSoftDeleted
    ) {
      bus.publish('session:changed', session);
    }
    if (previous.user !== user) bus.publish('user:changed', { user });
    if (balance && previous.balance !== balance) bus.publish('tokens:balance-changed', { balance });
    for (const listener of listeners) listener();
    // A different account behind the tokens: the old user and balance no longer apply.
    if (session.userId !== lastUserId) {
      lastUserId = session.userId;
      if (session.userId && started) void refreshAll();
    }
  }

  function storeTokens(pair: TokenPair, extra: { isAuth?: boolean; generatedUserId?: string | null } = {}) {
    store.patchAuth({
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      ...(extra.isAuth !== undefined ? { isAuth: extra.isAuth } : {}),
    });
    if (extra.generatedUserId !== undefined) store.setGeneratedUserId(extra.generatedUserId);
  }

  const tokenSource: TokenSource = {
    async accessToken() {
      await ready;
      if (pendingAuth) await pendingAuth;
      const auth = store.auth();
      if (auth.accessToken && !isTokenExpired(auth.accessToken, now())) return auth.accessToken;
      // Guest bootstrap: no session at all (first visit, after logout) → one shared pre-register.
      if (!auth.accessToken && !auth.refreshToken) {
        // After a failed pre-register (API down) requests go out without a token instead of retrying it each time.
        if (bootstrapFailed) return null;
        await exclusive(preRegister);
        const token = store.auth().accessToken;
        return token && !isTokenExpired(token, now()) ? token : null;
      }
      // Expired: sent without a token; the API's 401 starts the one shared refresh (spec 000 §5, §4).
      return null;
    },
    async recoverUnauthorized(usedToken) {
      if (pendingAuth) return pendingAuth;
      const current = store.auth().accessToken;
      // Someone already refreshed since this request left: just retry with the new token.
      if (current && current !== usedToken && !isTokenExpired(current, now())) return true;
      return exclusive(() => refreshAcrossTabs(current));
    },
    async recoverGone(usedToken) {
      if (pendingAuth) return pendingAuth;
      const current = store.auth().accessToken;
      if (current && current !== usedToken && !isTokenExpired(current, now())) return true;
      store.patchAuth({ isSoftDeleted: true });
      emit();
      goneRecovery = { done: false };
      return exclusive(preRegister);
    },
    goneRetried() {
      if (!goneRecovery || goneRecovery.done) return;
      goneRecovery.done = true;
      store.patchAuth({ isSoftDeleted: false });
      emit();
      history.push('/');
    },
    succeeded() {
      if (store.auth().isSoftDeleted && !pendingAuth) {
        store.patchAuth({ isSoftDeleted: false });
        emit();
      }
    },
  };
  const transport = createTransport(tokenSource, {
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    ...(deps.firstLoad ? { firstLoad: deps.firstLoad } : {}),
  });

  function exclusive(task: () => Promise<boolean>): Promise<boolean> {
    pendingAuth ??= task().finally(() => {
      pendingAuth = null;
    });
    return pendingAuth;
  }

  async function preRegister(): Promise<boolean> {
    const query = readAuthQuery(history.location.search);
    const confirmations = store.confirmations();
    try {
      const body = await transport.request<PreRegisterResponse>('Authenticate/pre-register', {
        method: 'POST',
        ignoreAuthorization: true,
        body: {
          fingerprint: await fingerprint.get(),
          isNConfirmed: confirmations.isNConfirmed,
          isSConfirmed: confirmations.isSConfirmed,
          utmSource: utmSourceFrom(query) ?? store.attribution(),
          pathname: history.location.pathname,
        },
      });
      bootstrapFailed = false;
      storeTokens(body, { isAuth: false, generatedUserId: body.generatedUserId });
      user = null;
      userKnown = false;
      emit();
      return true;
    } catch (error) {
      // Spec 000 §4/§8: a failed pre-registration logs out.
      console.error('[session] pre-register failed', error);
      bootstrapFailed = true;
      resetAndGoHome();
      return false;
    }
  }

  /**
   * Refresh tokens rotate and a reused one revokes the whole family (ADR 0011), so two tabs must never refresh with
   * the same token: a Web Lock serialises them and the second finds the first one's fresh token in storage.
   */
  function refreshAcrossTabs(seenToken: string | null): Promise<boolean> {
    const run = async () => {
      const current = store.auth().accessToken;
      if (current && current !== seenToken && !isTokenExpired(current, now())) return true;
      return refresh();
    };
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    return locks ? locks.request('companion:auth-refresh', run) : run();
  }

  async function refresh(): Promise<boolean> {
    const auth = store.auth();
    if (!auth.refreshToken) return preRegister();
    const generatedUserId = store.generatedUserId();
    const confirmations = store.confirmations();
    try {
      const pair = await transport.request<TokenPair>(
        generatedUserId ? REFRESH_PATHS.generatedUser : REFRESH_PATHS.registeredUser,
        {
          method: 'POST',
          headers: { 'Ignore-Authorization': 'true' },
          body: {
            accessToken: auth.accessToken ?? '',
            refreshToken: auth.refreshToken,
            userId: generatedUserId ?? decodeClaims(auth.accessToken)?.sub ?? null,
            isNConfirmed: confirmations.isNConfirmed,
            isSConfirmed: confirmations.isSConfirmed,
          },
        },
      );
      storeTokens(pair);
      emit();
      return true;
    } catch (error) {
      // Spec 000 §8: refresh failure clears the tokens; §4: logout, reset auth, go to / after 500 ms.
      console.error('[session] token refresh failed', error);
      resetAndGoHome();
      return false;
    }
  }

  /** Logout and failed refresh: reset auth, forget the fingerprint, go to `/` after 500 ms. */
  function resetAndGoHome(then?: () => void): void {
    store.resetAuth();
    fingerprint.reset();
    user = null;
    balance = null;
    userKnown = false;
    emit();
    later(REDIRECT_DELAY_MS, () => {
      history.push('/');
      then?.();
    });
  }

  async function fetchUser(): Promise<void> {
    if (fetchingUser) return;
    fetchingUser = true;
    try {
      user = await transport.request<User>('User', { query: { requestID: uuid() } });
      applyUserFetch(user);
      trackedEvent(bus, 'identify', { userId: user.id });
      const clientId = deps.googleClientId ?? null;
      if (!oneTapShown && oneTapAllowed(clientId, user)) {
        oneTapShown = true;
        void (deps.showOneTap ?? showOneTap)({
          clientId,
          onCredential: (credential) => void api.signInWithGoogle(credential),
        });
      }
    } catch (error) {
      console.error('[session] user fetch failed', error);
      user = null;
      applyUserFetch(null);
    } finally {
      fetchingUser = false;
      userKnown = true;
      emit();
    }
  }

  async function fetchBalance(): Promise<void> {
    try {
      const answer = await transport.request<TokensBalance>('Tokens/balance', {
        query: { requestID: uuid() },
      });
      balance = {
        remainingTokens: answer.remainingTokens,
        nextDailyTokenClaimDate: answer.nextDailyTokenClaimDate ?? null,
        spentTokens: answer.spentTokens ?? 0,
      };
    } catch (error) {
      // Spec 000 §4/§8: a balance fetch failure sets the balance to 0.
      console.error('[session] balance fetch failed', error);
      balance = {
        remainingTokens: 0,
        nextDailyTokenClaimDate: balance?.nextDailyTokenClaimDate ?? null,
        spentTokens: 0,
      };
    }
    emit();
  }

  async function refreshAll(): Promise<void> {
    await Promise.all([fetchUser(), fetchBalance()]);
    // Spec 000 §4: subscribed users whose spending reads 0 refetch once, 5 s after load.
    if (subscriberRefetchArmed && user?.activeSubscription && balance?.spentTokens === 0) {
      subscriberRefetchArmed = false;
      later(SUBSCRIBER_REFETCH_DELAY_MS, () => void Promise.all([fetchUser(), fetchBalance()]));
    }
  }

  function applyUserFetch(next: User | null) {
    applyUserRules(store, next);
  }

  async function signedIn(pair: TokenPair): Promise<void> {
    storeTokens(pair, { isAuth: true, generatedUserId: null });
    user = null;
    userKnown = false;
    emit();
  }

  async function registerFingerprint(): Promise<void> {
    try {
      await transport.request('Fingerprint', {
        method: 'POST',
        body: { fingerprint: await fingerprint.get() },
      });
    } catch (error) {
      console.error('[session] fingerprint registration failed', error);
    }
  }

  async function handleSavedAuth(query: AuthQuery): Promise<void> {
    if (!query.savedAuthId || query.savedAuthId === store.auth().inAppAuthToken) return;
    try {
      const info = await transport.request<SavedAuthInfo>('Authenticate/get-auth-token-info', {
        query: { savedInfoId: query.savedAuthId },
        ignoreAuthorization: true,
      });
      storeTokens(info, {
        isAuth: info.isUserLoggedIn,
        generatedUserId: info.isUserLoggedIn ? null : info.generatedUserId,
      });
      // Single use on the API: remember it so a reload with the id still in the URL does not ask again.
      store.patchAuth({ inAppAuthToken: query.savedAuthId });
      if (info.category) bus.publish('category:changed', { category: info.category });
      deps.applyTheme?.(info.isLightTheme ? 'light' : 'dark');
      emit();
    } catch (error) {
      console.warn('[session] saved auth not available', error);
    }
  }

  async function handleGoogleReturn(query: AuthQuery): Promise<void> {
    if (!query.tokens) return;
    await signedIn(query.tokens);
    // Not awaited: it goes through the transport, which waits for start() to finish reading the query.
    void registerFingerprint();
    history.replace({
      pathname: history.location.pathname,
      search: stripParams(history.location.search, 'tokens'),
    });
    trackedEvent(bus, 'login', { method: 'google' });
    if (query.register) trackedEvent(bus, 'sign_up', { method: 'google' });
  }

  async function handleMagicLink(query: AuthQuery): Promise<void> {
    if (!query.magicCode || store.auth().isAuth) return;
    const auth = store.auth();
    const token = auth.accessToken && !isTokenExpired(auth.accessToken, now()) ? auth.accessToken : null;
    const confirmations = store.confirmations();
    const target = query.destination === 'settings' ? '/settings' : '/';
    try {
      const pair = await transport.request<TokenPair>('Authenticate/magic-link-login', {
        method: 'POST',
        ignoreAuthorization: true,
        // The anonymous visitor's token proves whose chats and tokens merge into the account (ADR 0011).
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
        body: {
          Fingerprint: await fingerprint.get(),
          MagicLinkCode: query.magicCode,
          IsNConfirmed: confirmations.isNConfirmed,
          IsSConfirmed: confirmations.isSConfirmed,
          UserId: token ? store.generatedUserId() : null,
        },
      });
      await signedIn(pair);
      history.replace({
        pathname: history.location.pathname,
        search: stripParams(history.location.search, 'magic'),
      });
      later(REDIRECT_DELAY_MS, () => history.push(target));
    } catch (error) {
      console.warn('[session] magic link failed', error);
      history.replace({ pathname: '/', search: stripParams(history.location.search, 'magic') });
      // The modal's handler is registered when the chrome mounts; an intent published before that is dropped.
      void (deps.uiReady ?? Promise.resolve()).then(() =>
        bus.publish('auth:login-requested', { mode: 'expired', source: 'magic-link' }),
      );
    }
  }

  async function saveAuthForHandOver(): Promise<void> {
    const auth = store.auth();
    if (!auth.accessToken || !auth.refreshToken || isTokenExpired(auth.accessToken, now())) return;
    try {
      const { savedToken } = await transport.request<{ savedToken: string }>(
        'Authenticate/save-auth-token-info',
        {
          method: 'POST',
          body: {
            authTokenInfoToSave: {
              isUserLoggedIn: auth.isAuth,
              accessToken: auth.accessToken,
              refreshToken: auth.refreshToken,
              generatedUserId: store.generatedUserId(),
              isLightTheme: document.documentElement.dataset['theme'] === 'light',
              category: (bus.current('category:changed')?.category ?? null) as Category | null,
            } satisfies SavedAuthInfo,
          },
        },
      );
      store.patchAuth({ inAppAuthToken: savedToken });
      const search = new URLSearchParams(history.location.search);
      search.set(SAVED_AUTH_PARAM, savedToken);
      history.replace({
        pathname: history.location.pathname,
        search: `?${search.toString()}`,
        hash: history.location.hash,
      });
    } catch (error) {
      console.warn('[session] could not save auth for the in-app browser', error);
    }
  }

  const api: Session = {
    transport,
    get googleClientId() {
      return deps.googleClientId ?? null;
    },
    snapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async start() {
      const query = readAuthQuery(history.location.search);
      try {
        await handleSavedAuth(query);
        await handleGoogleReturn(query);
        await handleMagicLink(query);
      } finally {
        markReady();
      }
      const auth = store.auth();
      // Guest bootstrap: no access token (and no auth query that produced one) → pre-register.
      if (!auth.accessToken) await exclusive(preRegister);
      started = true;
      lastUserId = sessionState().userId;
      emit();
      await refreshAll();
      if (deps.inAppBrowser) {
        void saveAuthForHandOver();
        savedAuthInterval = setInterval(() => void saveAuthForHandOver(), SAVED_AUTH_INTERVAL_MS);
      }
    },

    tokens() {
      const { accessToken, refreshToken } = store.auth();
      return { accessToken, refreshToken };
    },

    async deviceId() {
      return new URLSearchParams(history.location.search).get('device_id') ?? (await fingerprint.get());
    },

    async requestMagicLink(email, destination) {
      await transport.request('Authenticate/passwordless-login', {
        method: 'POST',
        body: { email, destination, userId: store.generatedUserId() },
      });
    },

    async logout() {
      // Spec 000 §4: "Log out confirmed: ends the session and resets the fingerprint"; then / after 500 ms.
      trackedEvent(bus, 'logout', {});
      // Then a fresh guest, so hubs and remotes have a session again without waiting for a request.
      resetAndGoHome(() => void exclusive(preRegister));
    },

    refreshUser: fetchUser,
    refreshBalance: fetchBalance,

    async claimDailyBonus() {
      try {
        const result = await transport.request<{ claimedTokens?: number }>('Tokens/claim-bonus', {
          method: 'POST',
        });
        return { ok: true, tokens: result?.claimedTokens ?? null };
      } catch (error) {
        console.error('[session] daily bonus claim failed', error);
        return { ok: false, tokens: null };
      } finally {
        await fetchBalance();
      }
    },

    async hubAccessToken() {
      const token = await tokenSource.accessToken();
      if (token) return token;
      const refreshed = await tokenSource.recoverUnauthorized!(null);
      return refreshed ? (store.auth().accessToken ?? '') : '';
    },

    async resetAfterHubGone(usedToken) {
      if (pendingAuth) {
        await pendingAuth;
        return;
      }
      // The transport's own 410 recovery may already have replaced the session the hub connected with.
      const current = store.auth().accessToken;
      if (current && current !== usedToken && !isTokenExpired(current, now())) return;
      store.resetAuth();
      fingerprint.reset();
      user = null;
      userKnown = false;
      emit();
      await exclusive(preRegister);
    },

    async applyRegistration(notification) {
      await signedIn(notification.tokens);
      await registerFingerprint();
      trackedEvent(bus, 'sign_up', { userId: notification.userId });
    },

    async signInWithGoogle(credential) {
      const auth = store.auth();
      try {
        const pair = await transport.request<TokenPair>('Authenticate/google-signin', {
          method: 'POST',
          body: {
            googleAccessToken: credential,
            fingerprint: await fingerprint.get(),
            terms: true,
            userId: store.generatedUserId() ?? decodeClaims(auth.accessToken)?.sub ?? null,
          },
        });
        await signedIn(pair);
        (deps.reload ?? (() => location.reload()))();
      } catch (error) {
        // Spec 000 §8: Google one-tap failure goes to the console only.
        console.error('[session] Google one-tap sign-in failed', error);
      }
    },

    stop() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      if (savedAuthInterval) clearInterval(savedAuthInterval);
    },
  };

  bus.handle('auth:logout-requested', () => void api.logout());
  bus.handle('tokens:balance-refresh-requested', () => void fetchBalance());
  bus.handle('user:refresh-requested', () => void fetchUser());
  return api;
}
