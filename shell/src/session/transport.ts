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

/** How the transport gets a bearer token; the session module implements refresh and the 410 flow. */
export interface TokenSource {
  /** A valid (unexpired) access token, or null to send none. */
  accessToken(): Promise<string | null>;
}

const buildUrl = (base: string, path: string, query: TransportRequest['query']) => {
  const url = new URL(`${base}/${path.replace(/^\//, '')}`, location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
  }
  return url;
};

/** The transport every remote receives in mount props: JSON over `/api`, bearer token, typed errors, time-outs. */
export function createTransport(
  tokens: TokenSource,
  options: { base?: string; fetchImpl?: typeof fetch } = {},
): Transport {
  const base = options.base ?? '/api';
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  return {
    async request<T>(path: string, init: TransportRequest = {}): Promise<T> {
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        ...init.headers,
      };
      if (!init.ignoreAuthorization) {
        const token = await tokens.accessToken();
        if (token) headers['Authorization'] = `Bearer ${token}`;
      }
      const controller = new AbortController();
      const timer = init.timeoutMs
        ? setTimeout(() => controller.abort(new DOMException('timeout', 'TimeoutError')), init.timeoutMs)
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
        });
      } catch (error) {
        const timedOut =
          controller.signal.reason instanceof DOMException &&
          controller.signal.reason.name === 'TimeoutError';
        throw new TransportError(
          timedOut ? 'timeout' : 'fetch',
          `${path}: ${timedOut ? 'timed out' : String(error)}`,
        );
      } finally {
        if (timer) clearTimeout(timer);
      }
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
