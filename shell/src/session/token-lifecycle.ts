import type { PreRegisterResponse, TokenPair } from '@companion/contracts';
import { API_PATHS } from '@companion/contracts';
import { readAuthQuery, utmSourceFrom } from './auth-query.ts';
import { decodeClaims, isTokenExpired } from './jwt.ts';
import { REDIRECT_DELAY_MS, type SessionCore } from './session-core.ts';
import type { TokenSource } from './transport.ts';
import { rememberSentFingerprint } from './fingerprint-sync.ts';

/** The token lifecycle: guest pre-register, the one shared refresh, 410 recovery, reset on failure. */
export interface TokenLifecycle {
  /** What the transport asks for a token and tells on 401, 410 and success. */
  readonly tokenSource: Required<TokenSource>;
  preRegister(): Promise<boolean>;
  /** Logout and failed refresh: reset auth, forget the fingerprint, go to `/` after 500 ms. */
  resetAndGoHome(then?: () => void): void;
  /** Resolves once `start()` has handled the auth query; requests wait for it. */
  markReady(): void;
}

/** Creates the token lifecycle over the session core. */
export function createTokenLifecycle(core: SessionCore): TokenLifecycle {
  const { store, history, state, now } = core;
  /** Requests wait for it so a magic link is not raced by a guest. */
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  let goneRecovery: { done: boolean } | null = null;
  let bootstrapFailed = false;

  const tokenSource: Required<TokenSource> = {
    async accessToken() {
      await ready;
      if (state.pendingAuth) await state.pendingAuth;
      const auth = store.auth();
      if (auth.accessToken && !isTokenExpired(auth.accessToken, now())) return auth.accessToken;
      // Guest bootstrap: no session at all (first visit, after logout) → one shared pre-register.
      if (!auth.accessToken && !auth.refreshToken) {
        // After a failed pre-register (API down) requests go out without a token instead of retrying it each time.
        if (bootstrapFailed || core.deps.isBot) return null;
        await core.exclusive(preRegister);
        const token = store.auth().accessToken;
        return token && !isTokenExpired(token, now()) ? token : null;
      }
      // Expired: sent without a token; the API's 401 starts the one shared refresh (spec 000 §5, §4).
      return null;
    },
    async recoverUnauthorized(usedToken) {
      if (state.pendingAuth) return state.pendingAuth;
      const current = store.auth().accessToken;
      // Someone already refreshed since this request left: just retry with the new token.
      if (current && current !== usedToken && !isTokenExpired(current, now())) return true;
      return core.exclusive(() => refreshAcrossTabs(current));
    },
    async recoverGone(usedToken) {
      if (state.pendingAuth) return state.pendingAuth;
      const current = store.auth().accessToken;
      if (current && current !== usedToken && !isTokenExpired(current, now())) return true;
      store.patchAuth({ isSoftDeleted: true });
      core.emit();
      goneRecovery = { done: false };
      return core.exclusive(preRegister);
    },
    goneRetried() {
      if (!goneRecovery || goneRecovery.done) return;
      goneRecovery.done = true;
      store.patchAuth({ isSoftDeleted: false });
      core.emit();
      history.push('/');
    },
    succeeded() {
      if (store.auth().isSoftDeleted && !state.pendingAuth) {
        store.patchAuth({ isSoftDeleted: false });
        core.emit();
      }
    },
  };

  async function preRegister(): Promise<boolean> {
    // 000 §8: bots stay without a session (no anonymous user per crawl); their requests go out unauthenticated.
    if (core.deps.isBot) return false;
    const query = readAuthQuery(history.location.search);
    const confirmations = store.confirmations();
    try {
      const fingerprint = await core.fingerprint.get();
      const body = await core.transport.request<PreRegisterResponse>(API_PATHS.preRegister, {
        method: 'POST',
        ignoreAuthorization: true,
        body: {
          fingerprint,
          isNConfirmed: confirmations.isNConfirmed,
          isSConfirmed: confirmations.isSConfirmed,
          utmSource: utmSourceFrom(query) ?? store.attribution(),
          pathname: history.location.pathname,
        },
      });
      bootstrapFailed = false;
      core.storeTokens(body, { isAuth: false, generatedUserId: body.generatedUserId });
      rememberSentFingerprint(core.deps.storage ?? localStorage, body.generatedUserId, fingerprint);
      state.user = null;
      state.userKnown = false;
      core.emit();
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
      const pair = await core.transport.request<TokenPair>(
        generatedUserId ? API_PATHS.refreshGeneratedUser : API_PATHS.refreshRegisteredUser,
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
      core.storeTokens(pair);
      core.emit();
      return true;
    } catch (error) {
      // Spec 000 §8: refresh failure clears the tokens; §4: logout, reset auth, go to / after 500 ms.
      console.error('[session] token refresh failed', error);
      resetAndGoHome();
      return false;
    }
  }

  function resetAndGoHome(then?: () => void): void {
    store.resetAuth();
    core.fingerprint.reset();
    state.user = null;
    state.balance = null;
    state.userKnown = false;
    core.emit();
    core.later(REDIRECT_DELAY_MS, () => {
      history.push('/');
      then?.();
    });
  }

  return { tokenSource, preRegister, resetAndGoHome, markReady: () => markReady() };
}
