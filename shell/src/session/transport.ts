import { firstLoadKey } from '@companion/contracts';
import type {
  Transport,
  TransportErrorKind,
  TransportErrorShape,
  TransportRequest,
} from '@companion/contracts';

/** A failed API call: fetch (network), timeout, parsing or an HTTP error status (spec 000 §8). */
export class TransportError extends Error implements TransportErrorShape {
  override readonly name = 'TransportError';
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly status: number | null = null,
    readonly body: unknown = null,
  ) {
    super(message);
  }
}

/** How the transport gets a bearer token and recovers a session; the session module implements it. */
export interface TokenSource {
  /** A valid (unexpired) access token, or null to send none. */
  accessToken(): Promise<string | null>;
  /** A 401 on a request sent with `usedToken`: refresh (shared by concurrent callers); true → retry once. */
  recoverUnauthorized?(usedToken: string | null): Promise<boolean>;
  /** A 410 (soft-deleted account): pre-register (shared); true → retry once, then `goneRetried`. */
  recoverGone?(usedToken: string | null): Promise<boolean>;
  /** The retry after a 410 recovery settled (spec 000 §4: clear the flag, go to `/`). */
  goneRetried?(): void;
  /** Any 2xx on an authorised request (spec: a later 200 clears the soft-deleted flag). */
  succeeded?(): void;
}

/** Spec 000 §9: the payment client's time-out; applied to payment paths unless a call sets its own. */
const PAYMENT_TIMEOUT_MS = 7000;

const PAYMENT_PATH = /^\/?(payments|yunopayments|paypalpayments)(\/|$)/i;
const IGNORE_AUTHORIZATION = 'ignore-authorization';

const buildUrl = (base: string, path: string, query: TransportRequest['query']) => {
  const url = new URL(`${base}/${path.replace(/^\//, '')}`, location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
};

/**
 * The transport every remote receives in mount props: JSON over `/api`, bearer token (only when unexpired),
 * the `Ignore-Authorization` opt-out, one shared refresh on 401 and the 410 flow (via `TokenSource`), typed
 * errors and time-outs (payments 7000 ms).
 */
export function createTransport(
  tokens: TokenSource,
  options: {
    base?: string;
    fetchImpl?: typeof fetch;
    /**
     * Public answers the origin inlined into the HTML (`firstLoadKey` → body, ADR 0082). Each answers the first
     * matching `GET` sent without a token, once; everything after goes to the network.
     */
    firstLoad?: Map<string, unknown>;
  } = {},
): Transport {
  const base = options.base ?? '/api';
  const firstLoad = options.firstLoad ?? new Map<string, unknown>();
  /** The inlined answer for a public GET, taken out so only the first caller gets it. */
  const takeFirstLoad = (path: string, init: TransportRequest): { hit: boolean; body?: unknown } => {
    if (firstLoad.size === 0 || (init.method ?? 'GET') !== 'GET') return { hit: false };
    const publicCall =
      Boolean(init.ignoreAuthorization) ||
      Object.keys(init.headers ?? {}).some((name) => name.toLowerCase() === IGNORE_AUTHORIZATION);
    if (!publicCall) return { hit: false };
    const key = firstLoadKey(path, init.query ?? {});
    if (!firstLoad.has(key)) return { hit: false };
    const body = firstLoad.get(key);
    firstLoad.delete(key);
    return { hit: true, body };
  };
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));

  interface Sent {
    response: Response;
    usedToken: string | null;
    ignoreAuthorization: boolean;
  }
  const send = async (
    path: string,
    init: TransportRequest,
    retry: 'none' | 'unauthorized' | 'gone',
  ): Promise<Sent> => {
    const headers: Record<string, string> = {
      'Content-Type': 'application/json',
      Accept: 'application/json',
    };
    let ignoreAuthorization = Boolean(init.ignoreAuthorization);
    for (const [name, value] of Object.entries(init.headers ?? {})) {
      // The spec's opt-out header is an instruction to this layer, not something the API needs to see.
      if (name.toLowerCase() === IGNORE_AUTHORIZATION) ignoreAuthorization = true;
      else headers[name] = value;
    }
    let usedToken: string | null = null;
    if (!ignoreAuthorization) {
      usedToken = await tokens.accessToken();
      if (usedToken) headers['Authorization'] = `Bearer ${usedToken}`;
    }
    const response = await once(path, init, headers);
    if (ignoreAuthorization || retry !== 'none') return { response, usedToken, ignoreAuthorization };
    if (response.status === 401 && (await tokens.recoverUnauthorized?.(usedToken))) {
      return send(path, init, 'unauthorized');
    }
    if (response.status === 410 && (await tokens.recoverGone?.(usedToken))) {
      const retried = await send(path, init, 'gone');
      tokens.goneRetried?.();
      return retried;
    }
    return { response, usedToken, ignoreAuthorization };
  };

  const once = async (path: string, init: TransportRequest, headers: Record<string, string>) => {
    const timeoutMs = init.timeoutMs ?? (PAYMENT_PATH.test(path) ? PAYMENT_TIMEOUT_MS : undefined);
    const controller = new AbortController();
    const timer = timeoutMs
      ? setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), timeoutMs)
      : null;
    init.signal?.addEventListener('abort', () => controller.abort(init.signal?.reason), { once: true });
    let response: Response;
    try {
      response = await fetchImpl(buildUrl(base, path, init.query), {
        method: init.method ?? 'GET',
        headers,
        body: init.body === undefined ? null : JSON.stringify(init.body),
        signal: controller.signal,
        credentials: 'include',
        // 410 and 404 are heuristically cacheable: without this a retried `GET User` is answered from cache.
        cache: 'no-cache',
      });
    } catch (error) {
      const timedOut =
        controller.signal.reason instanceof DOMException && controller.signal.reason.name === 'TimeoutError';
      throw new TransportError(
        timedOut ? 'timeout' : 'fetch',
        `${path}: ${timedOut ? 'timed out' : String(error)}`,
      );
    } finally {
      if (timer) clearTimeout(timer);
    }
    return response;
  };

  return {
    // Taken like a request's: the first render that reads it fetches nothing, and a later one (once the remote's
    // cache let it go) fetches a fresh answer instead of the page's first.
    peek<T>(path: string, query: TransportRequest['query'] = {}) {
      const key = firstLoadKey(path, query);
      const body = firstLoad.get(key) as T | undefined;
      firstLoad.delete(key);
      return body;
    },
    async request<T>(path: string, init: TransportRequest = {}): Promise<T> {
      const inlined = takeFirstLoad(path, init);
      if (inlined.hit) return inlined.body as T;
      const { response, ignoreAuthorization } = await send(path, init, 'none');
      if (response.ok && !ignoreAuthorization) tokens.succeeded?.();
      const text = await response.text();
      const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
      let body: unknown = text;
      if (isJson && text) {
        try {
          body = JSON.parse(text);
        } catch {
          throw new TransportError('parsing', `${path}: response is not valid JSON`, response.status);
        }
      }
      if (!response.ok) {
        const message =
          (body as { error?: { message?: string } } | null)?.error?.message ?? response.statusText;
        throw new TransportError('http', `${path}: ${response.status} ${message}`, response.status, body);
      }
      return (text ? body : null) as T;
    },
  };
}
