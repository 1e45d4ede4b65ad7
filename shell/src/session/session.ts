import type { RegistrationNotification, TokenPair, Transport } from '@companion/contracts';
import { createAccountData } from './account-data.ts';
import type { Arrival } from './arrival.ts';
import { readAuthQuery } from './auth-query.ts';
import { decodeClaims, isTokenExpired } from './jwt.ts';
import type { SessionApi } from './session-api.ts';
import { createSessionCore, type SessionDeps } from './session-core.ts';
import { createTokenLifecycle } from './token-lifecycle.ts';
import { createTransport } from './transport.ts';

export type { SessionDeps } from './session-core.ts';

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

/**
 * Creates the session (one per page): composes the core state with its four parts, token lifecycle
 * (`token-lifecycle.ts`), arrival (`arrival.ts`), account data (`account-data.ts`) and the in-app hand-over
 * (`in-app-handover.ts`).
 */
export function createSession(deps: SessionDeps): Session {
  const core = createSessionCore(deps);
  const { store, history, state } = core;
  const tokens = createTokenLifecycle(core);
  const transport = createTransport(tokens.tokenSource, {
    ...(deps.fetchImpl ? { fetchImpl: deps.fetchImpl } : {}),
    ...(deps.firstLoad ? { firstLoad: deps.firstLoad } : {}),
  });
  core.transport = transport;
  const account = createAccountData(core, (credential) => api.signInWithGoogle(credential));
  core.onAccountChanged = () => void account.refreshAll();
  core.onUserInvalidated = account.fetchUser;
  // The arrival's handlers (auth query, fingerprint registration after a sign-in) and the in-app hand-over load
  // when a visit needs them: most arrive without an auth query, outside an in-app browser (ADR 0275).
  let arrivalModule: Promise<Arrival> | null = null;
  const arrival = () =>
    (arrivalModule ??= import(/* webpackChunkName: "arrival" */ './arrival.ts').then(({ createArrival }) =>
      createArrival(core),
    ));
  const accountActions = () => import(/* webpackChunkName: "account-actions" */ './account-actions.ts');
  const actionDeps = {
    transport,
    applyUser: account.applyUser,
    fetchUser: account.fetchUser,
    track: core.track,
  };
  let stopHandOver: (() => void) | null = null;
  let stopped = false;
  /** Accounts whose RegistrationNotification this page has applied (the API delivers it several times). */
  const registered = new Set<string>();

  const api: Session = {
    transport,
    get googleClientId() {
      return deps.googleClientId ?? null;
    },
    snapshot: core.snapshot,
    subscribe: core.subscribe,

    async start() {
      try {
        const query = readAuthQuery(history.location.search);
        if (query.savedAuthId || query.tokens || query.magicCode) await (await arrival()).handle(query);
      } finally {
        tokens.markReady();
      }
      // Guest bootstrap: no access token (and no auth query that produced one) → pre-register.
      if (!store.auth().accessToken && !deps.isBot) await core.exclusive(tokens.preRegister);
      // 000 §4/§7: the Google return's fingerprint call invalidates the user: read the user after it.
      if (arrivalModule) await (await arrivalModule).fingerprintSettled();
      core.markStarted();
      core.emit();
      await account.refreshAll();
      if (deps.inAppBrowser) {
        const { startInAppHandOver } = await import(/* webpackChunkName: "arrival" */ './in-app-handover.ts');
        if (!stopped) stopHandOver = startInAppHandOver(core);
      }
    },

    tokens() {
      const { accessToken, refreshToken } = store.auth();
      return { accessToken, refreshToken };
    },

    async deviceId() {
      return new URLSearchParams(history.location.search).get('device_id') ?? (await core.fingerprint.get());
    },

    async requestMagicLink(email, destination) {
      await transport.request('Authenticate/passwordless-login', {
        method: 'POST',
        body: { email, destination, userId: store.generatedUserId() },
      });
    },

    async logout() {
      // Spec 000 §4: "Log out confirmed: ends the session and resets the fingerprint"; then / after 500 ms.
      core.track('logout', {});
      // Then a fresh guest, so hubs and remotes have a session again without waiting for a request.
      tokens.resetAndGoHome(() => void core.exclusive(tokens.preRegister));
    },

    refreshUser: account.fetchUser,

    async syncFingerprint() {
      const userId = state.user?.id;
      if (!userId || deps.isBot) return;
      // Its own chunk, after the page is idle (ADR 0323).
      const { syncFingerprint } = await import(
        /* webpackChunkName: "fingerprint-update" */ './fingerprint-update.ts'
      );
      await syncFingerprint(core, userId, core.deps.storage ?? localStorage);
    },

    // Settings' and the content dialog's calls: their own chunk, loaded when a visitor uses one.
    async confirmContent(choice, birth) {
      await (await accountActions()).confirmContent(actionDeps, choice, birth);
    },
    async renameUser(userName) {
      await (await accountActions()).renameUser(actionDeps, userName);
    },
    async deleteAccount() {
      await (await accountActions()).deleteAccount(actionDeps);
    },
    refreshBalance: account.fetchBalance,

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
        await account.fetchBalance();
      }
    },

    async hubAccessToken() {
      const token = await tokens.tokenSource.accessToken();
      if (token) return token;
      const refreshed = await tokens.tokenSource.recoverUnauthorized(null);
      return refreshed ? (store.auth().accessToken ?? '') : '';
    },

    async resetAfterHubGone(usedToken) {
      if (state.pendingAuth) {
        await state.pendingAuth;
        return;
      }
      // The transport's own 410 recovery may already have replaced the session the hub connected with.
      const current = store.auth().accessToken;
      if (current && current !== usedToken && !isTokenExpired(current, core.now())) return;
      store.resetAuth();
      core.fingerprint.reset();
      state.user = null;
      state.userKnown = false;
      core.emit();
      await core.exclusive(tokens.preRegister);
    },

    async applyRegistration(notification) {
      // The API re-sends it while the tab may still be arriving from the provider's page: the first one counts.
      if (registered.has(notification.userId)) return;
      registered.add(notification.userId);
      // Same account id (upgraded in place) or a new one: either way the user is fetched again (signedIn).
      core.signedIn(notification.tokens);
      await (await arrival()).registerFingerprint();
      core.signedUp('registration', notification.userId);
    },

    async signInWithGoogle(credential) {
      const auth = store.auth();
      try {
        const pair = await transport.request<TokenPair>('Authenticate/google-signin', {
          method: 'POST',
          body: {
            googleAccessToken: credential,
            fingerprint: await core.fingerprint.get(),
            terms: true,
            userId: store.generatedUserId() ?? decodeClaims(auth.accessToken)?.sub ?? null,
          },
        });
        core.signedIn(pair);
        (deps.reload ?? (() => location.reload()))();
      } catch (error) {
        // Spec 000 §8: Google one-tap failure goes to the console only.
        console.error('[session] Google one-tap sign-in failed', error);
      }
    },

    stop() {
      stopped = true;
      core.stopTimers();
      stopHandOver?.();
    },
  };

  deps.bus.handle('auth:logout-requested', () => void api.logout());
  deps.bus.handle('tokens:balance-refresh-requested', () => void account.fetchBalance());
  deps.bus.handle('user:refresh-requested', () => void account.fetchUser());
  // 001 §4 "the token balance is updated from remainingBalance" the moment the payment hub says so.
  deps.bus.subscribe('payment:notification-received', ({ notification }) => {
    if (notification.success && typeof notification.remainingBalance === 'number')
      account.setRemaining(notification.remainingBalance);
  });
  return api;
}
