import type { Transport, TransportRequest } from '@companion/contracts';

/**
 * An answer the page already holds (the origin's first-load answer, `transport.peek`, ADR 0453), when it has the
 * shape the caller reads; undefined when there is none, the peek fails or the shape is wrong (then the caller
 * fetches it, and a bad fetched answer fails as usual). The first render, on the server and while hydrating, shows it.
 */
export function peekAnswer<T>(
  transport: Transport,
  path: string,
  isValid: (body: unknown) => body is T,
  query?: TransportRequest['query'],
): T | undefined {
  try {
    const body = transport.peek?.(path, query);
    return body !== undefined && isValid(body) ? body : undefined;
  } catch {
    return undefined;
  }
}
