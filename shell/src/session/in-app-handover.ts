import type { Category, SavedAuthInfo } from '@companion/contracts';
import { SAVED_AUTH_PARAM } from './auth-query.ts';
import { isTokenExpired } from './jwt.ts';
import type { SessionCore } from './session-core.ts';

/** Spec 000 §4/§9: in-app browsers re-save auth every 9 minutes. */
const SAVED_AUTH_INTERVAL_MS = 9 * 60 * 1000;

/**
 * Saves the auth for the hand-over out of an in-app browser (spec 000 §4) now and every 9 minutes, and puts the
 * saved id into the URL, so "open in browser" carries the session along. Returns the stop function.
 */
export function startInAppHandOver(core: SessionCore): () => void {
  void saveAuthForHandOver(core);
  const interval = setInterval(() => void saveAuthForHandOver(core), SAVED_AUTH_INTERVAL_MS);
  return () => clearInterval(interval);
}

async function saveAuthForHandOver(core: SessionCore): Promise<void> {
  const { store, history } = core;
  const auth = store.auth();
  if (!auth.accessToken || !auth.refreshToken || isTokenExpired(auth.accessToken, core.now())) return;
  try {
    const { savedToken } = await core.transport.request<{ savedToken: string }>(
      'Authenticate/save-auth-token-info',
      {
        method: 'POST',
        // 000 §7: `authTokenInfoToSave as JSON`, i.e. a JSON-encoded string inside the body.
        body: {
          authTokenInfoToSave: JSON.stringify({
            isUserLoggedIn: auth.isAuth,
            accessToken: auth.accessToken,
            refreshToken: auth.refreshToken,
            generatedUserId: store.generatedUserId(),
            isLightTheme: document.documentElement.dataset['theme'] === 'light',
            category: (core.bus.current('category:changed')?.category ?? null) as Category | null,
          } satisfies SavedAuthInfo),
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
