import '@companion/ui/fonts';
import '@companion/ui/themes';
import type { RemoteLifecycles, RemoteName, Transport, TransportRequest } from '@companion/contracts';
import { createFakeMountProps, mountRemote } from '../testing/fake-shell.ts';

const TOKEN_KEY = 'standalone:accessToken';

async function devToken(): Promise<string> {
  const stored = sessionStorage.getItem(TOKEN_KEY);
  if (stored) return stored;
  const response = await fetch('/api/Authenticate/pre-register', {
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
  const body = (await response.json()) as { accessToken: string };
  sessionStorage.setItem(TOKEN_KEY, body.accessToken);
  return body.accessToken;
}

/** A plain transport for running a remote alone: a guest token from the API, no refresh logic. */
const devTransport: Transport = {
  async request<T>(path: string, init: TransportRequest = {}): Promise<T> {
    const url = new URL(`/api/${path}`, location.origin);
    for (const [key, value] of Object.entries(init.query ?? {}))
      if (value != null) url.searchParams.set(key, String(value));
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...init.headers };
    if (!init.ignoreAuthorization) headers['Authorization'] = `Bearer ${await devToken()}`;
    const response = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? null : JSON.stringify(init.body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${response.status} ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  },
};

/**
 * Runs a remote alone against a fake shell (`pnpm --filter @companion/<name> dev`): the real bus, a shared
 * history, a guest session against the API behind the dev server's proxy, and disconnected hubs.
 */
export async function startStandalone(lifecycles: RemoteLifecycles, remote: RemoteName, basename = '/') {
  document.documentElement.dataset['theme'] = 'dark';
  const props = createFakeMountProps(remote, { basename, transport: devTransport });
  props.rootBus.handle('paywall:open-requested', (p) => console.info('[fake shell] paywall requested', p));
  props.rootBus.handle('auth:login-requested', (p) => console.info('[fake shell] login requested', p));
  const mounted = await mountRemote(lifecycles, props);
  mounted.container.id = 'standalone-root';
  return mounted;
}
