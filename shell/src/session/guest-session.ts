import type { PreRegisterResponse } from '@companion/contracts';
import type { TokenSource } from './transport.ts';

const STORAGE_KEY = 'persist:auth';

interface StoredAuth {
  accessToken: string | null;
  refreshToken: string | null;
}

const expiresAt = (token: string): number => {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]?.replace(/-/g, '+').replace(/_/g, '/') ?? '')) as {
      exp?: number;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0;
  } catch {
    return 0;
  }
};

/**
 * @deprecated Superseded by `createSession` (session.ts); kept only because the bench's single-bundle baseline
 * (`e2e/bench/baseline/entry.tsx`) still imports it.
 *
 * A guest session: pre-registers an anonymous user on first need and keeps its tokens under `persist:auth`.
 * Only the foundation's slice of the visitor lifecycle; refresh, 410 and sign-in come with the shell issue.
 */
export function createGuestSession(
  storage: Storage = localStorage,
  fetchImpl: typeof fetch = (i, n) => fetch(i, n),
): TokenSource {
  let pending: Promise<string | null> | null = null;
  const read = (): StoredAuth => {
    try {
      return {
        accessToken: null,
        refreshToken: null,
        ...(JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}') as Partial<StoredAuth>),
      };
    } catch {
      return { accessToken: null, refreshToken: null };
    }
  };
  const preRegister = async (): Promise<string | null> => {
    const response = await fetchImpl('/api/Authenticate/pre-register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fingerprint: '',
        isNConfirmed: false,
        isSConfirmed: false,
        utmSource: null,
        pathname: location.pathname,
      }),
    });
    if (!response.ok) return null;
    const body = (await response.json()) as PreRegisterResponse;
    storage.setItem(
      STORAGE_KEY,
      JSON.stringify({ accessToken: body.accessToken, refreshToken: body.refreshToken }),
    );
    return body.accessToken;
  };
  return {
    accessToken() {
      const { accessToken } = read();
      // Spec 000 §5: a token is used only while its exp is in the future.
      if (accessToken && expiresAt(accessToken) > Date.now()) return Promise.resolve(accessToken);
      pending ??= preRegister()
        .catch(() => null)
        .finally(() => {
          pending = null;
        });
      return pending;
    },
  };
}
