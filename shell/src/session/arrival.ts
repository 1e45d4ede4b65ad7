import type { SavedAuthInfo, TokenPair } from '@companion/contracts';
import { stripParams, type AuthQuery } from './auth-query.ts';
import { decodeClaims, isTokenExpired } from './jwt.ts';
import { rememberSentFingerprint } from './fingerprint-sync.ts';
import { REDIRECT_DELAY_MS, type SessionCore } from './session-core.ts';
import { CHARACTER_DRAFT_KEY } from '@companion/contracts';

/** What `start()` does with the auth query a visitor arrives with (spec 000 §2.3, §4). */
export interface Arrival {
  /** Saved auth handed over from an in-app browser, a Google return, a magic link: in that order. */
  handle(query: AuthQuery): Promise<void>;
  /** `POST Fingerprint` after a sign-in, then the user is fetched again; failures only logged. */
  registerFingerprint(): Promise<void>;
  /** The Google return's fingerprint call; `start()` awaits it before the first user fetch. */
  fingerprintSettled(): Promise<void>;
}

/** Creates the arrival handlers over the session core. */
export function createArrival(core: SessionCore): Arrival {
  const { store, history } = core;
  let pendingFingerprint: Promise<void> = Promise.resolve();

  async function registerFingerprint(): Promise<void> {
    const fingerprint = await core.fingerprint.get();
    try {
      await core.transport.request('Fingerprint', { method: 'POST', body: { fingerprint } });
    } catch (error) {
      console.error('[session] fingerprint registration failed', error);
      return;
    }
    const userId = decodeClaims(store.auth().accessToken)?.sub;
    if (userId) rememberSentFingerprint(core.deps.storage ?? localStorage, userId, fingerprint);
    // 000 §7: the call invalidates the user cache. Before start() has fetched the user, start() does it.
    if (core.state.started) await core.onUserInvalidated();
  }

  async function handleSavedAuth(query: AuthQuery): Promise<void> {
    if (!query.savedAuthId || query.savedAuthId === store.auth().inAppAuthToken) return;
    try {
      const info = await core.transport.request<SavedAuthInfo>('Authenticate/get-auth-token-info', {
        query: { savedInfoId: query.savedAuthId },
        ignoreAuthorization: true,
      });
      core.storeTokens(info, {
        isAuth: info.isUserLoggedIn,
        generatedUserId: info.isUserLoggedIn ? null : info.generatedUserId,
      });
      // Single use on the API: remember it so a reload with the id still in the URL does not ask again.
      store.patchAuth({ inAppAuthToken: query.savedAuthId });
      if (info.category) core.bus.publish('category:changed', { category: info.category });
      core.deps.applyTheme?.(info.isLightTheme ? 'light' : 'dark');
      core.emit();
    } catch (error) {
      console.warn('[session] saved auth not available', error);
    }
  }

  /** A funnel domain's quiz answers arrive with its tokens: the wizard finds them where it looks (000 §3 draft). */
  function handleCharacterDraft(query: AuthQuery): void {
    if (!query.tokens || !query.characterDraft) return;
    try {
      JSON.parse(query.characterDraft);
      sessionStorage.setItem(CHARACTER_DRAFT_KEY, query.characterDraft);
    } catch (error) {
      console.warn('[session] handed-over character draft not kept', error);
    }
  }

  async function handleGoogleReturn(query: AuthQuery): Promise<void> {
    if (!query.tokens) return;
    core.signedIn(query.tokens);
    // Not awaited here: it goes through the transport, which waits for start() to finish reading the query;
    // start() awaits it (`pendingFingerprint`) before the user fetch, so the user is read after it.
    pendingFingerprint = registerFingerprint();
    history.replace({
      pathname: history.location.pathname,
      search: stripParams(history.location.search, 'tokens'),
    });
    core.track('login', { method: 'google' });
    if (query.register) core.signedUp('google', null);
  }

  async function handleMagicLink(query: AuthQuery): Promise<void> {
    if (!query.magicCode || store.auth().isAuth) return;
    const auth = store.auth();
    const token = auth.accessToken && !isTokenExpired(auth.accessToken, core.now()) ? auth.accessToken : null;
    const confirmations = store.confirmations();
    const target = query.destination === 'settings' ? '/settings' : '/';
    try {
      const pair = await core.transport.request<TokenPair>('Authenticate/magic-link-login', {
        method: 'POST',
        ignoreAuthorization: true,
        // The anonymous visitor's token proves whose chats and tokens merge into the account (ADR 0011).
        ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
        body: {
          Fingerprint: await core.fingerprint.get(),
          MagicLinkCode: query.magicCode,
          IsNConfirmed: confirmations.isNConfirmed,
          IsSConfirmed: confirmations.isSConfirmed,
          UserId: token ? store.generatedUserId() : null,
        },
      });
      core.signedIn(pair);
      history.replace({
        pathname: history.location.pathname,
        search: stripParams(history.location.search, 'magic'),
      });
      core.later(REDIRECT_DELAY_MS, () => history.push(target));
    } catch (error) {
      console.warn('[session] magic link failed', error);
      history.replace({ pathname: '/', search: stripParams(history.location.search, 'magic') });
      // The bus keeps it until the chrome mounts the modal's handler.
      core.bus.publish('auth:login-requested', { mode: 'expired', source: 'magic-link' });
    }
  }

  return {
    async handle(query) {
      handleCharacterDraft(query);
      await handleSavedAuth(query);
      await handleGoogleReturn(query);
      await handleMagicLink(query);
    },
    registerFingerprint,
    fingerprintSettled: () => pendingFingerprint,
  };
}
