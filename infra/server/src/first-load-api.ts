/**
 * The origin's reader of public API answers for first-load hints (ADR 0082): `GET <apiUrl>/api/<key>` without a
 * token, kept for `ttlMs` (one answer per key serves every first visit meanwhile, so inlining never multiplies the
 * API's load), abandoned after `timeoutMs` so a slow API never delays the HTML (the page fetches it itself).
 */
export function createFirstLoadApi(options: {
  apiUrl: string;
  timeoutMs?: number;
  ttlMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
}): (key: string) => Promise<unknown> {
  const timeoutMs = options.timeoutMs ?? 400;
  const ttlMs = options.ttlMs ?? 10_000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; answer: Promise<unknown> }>();

  const load = async (key: string): Promise<unknown> => {
    try {
      const response = await fetchImpl(`${options.apiUrl}/api/${key}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) {
        return undefined;
      }
      return (await response.json()) as unknown;
    } catch {
      return undefined;
    }
  };

  return (key) => {
    const cached = cache.get(key);
    if (cached && now() - cached.at < ttlMs) return cached.answer;
    const answer = load(key);
    cache.set(key, { at: now(), answer });
    // A failure is not kept: the next visit asks again.
    void answer.then((value) => {
      if (value === undefined && cache.get(key)?.answer === answer) cache.delete(key);
    });
    // Bounded: at most a few hundred distinct `utm_source` values stay; the oldest go first.
    if (cache.size > 500) cache.delete(cache.keys().next().value as string);
    return answer;
  };
}
