/**
 * The origin's reader of public API answers for first-load hints (ADR 0082): `GET <apiUrl>/api/<key>` without a
 * token, abandoned after `timeoutMs` so a slow API never holds the HTML for long (the page then fetches it itself).
 * An answer is fresh for `ttlMs`; after that the last good answer is still served while one refresh runs behind it
 * (stale-while-revalidate), so only a key's very first visit waits for the API and inlining never multiplies its
 * load. Failures are never kept: the last good answer stays, or the next visit asks again. A call whose answer
 * depends on the visitor's country (contract 1.6 `country`, ADR 0455) is asked with that country in the CDN's header
 * and kept per country.
 */
export function createFirstLoadApi(options: {
  apiUrl: string;
  timeoutMs?: number;
  ttlMs?: number;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** The CDN's country header the API reads (`COUNTRY_HEADER`, default `cf-ipcountry`). */
  countryHeader?: string;
}): (key: string, country?: string | null) => Promise<unknown> {
  const countryHeader = options.countryHeader ?? 'cf-ipcountry';
  const timeoutMs = options.timeoutMs ?? 400;
  const ttlMs = options.ttlMs ?? 10_000;
  const fetchImpl = options.fetchImpl ?? fetch;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; answer: unknown; text: string }>();
  const inFlight = new Map<string, Promise<unknown>>();

  const load = async (key: string, country: string | null): Promise<string | undefined> => {
    try {
      const response = await fetchImpl(`${options.apiUrl}/api/${key}`, {
        headers: { accept: 'application/json', ...(country ? { [countryHeader]: country } : {}) },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok || !(response.headers.get('content-type') ?? '').includes('application/json')) {
        return undefined;
      }
      const text = await response.text();
      JSON.parse(text);
      return text;
    } catch {
      return undefined;
    }
  };

  const refresh = (key: string, country: string | null): Promise<unknown> => {
    let running = inFlight.get(key);
    if (!running) {
      running = load(key.split('\n', 1)[0]!, country).then((text) => {
        inFlight.delete(key);
        if (text === undefined) return cache.get(key)?.answer;
        // The same answer as before stays the same object: what was made from it (its inlined text, the first
        // screens rendered from it, ADR 0453) stays good.
        const previous = cache.get(key);
        const answer = previous?.text === text ? previous.answer : (JSON.parse(text) as unknown);
        cache.delete(key);
        cache.set(key, { at: now(), answer, text });
        // Bounded: a few hundred distinct `utm_source` values at most; the least recently refreshed go first.
        if (cache.size > 500) cache.delete(cache.keys().next().value as string);
        return answer;
      });
      inFlight.set(key, running);
    }
    return running;
  };

  return (call, country = null) => {
    // Only a well-formed country is forwarded: at most 26² answers per call, and nothing else from the request.
    const valid = country && /^[A-Z]{2}$/.test(country) ? country : null;
    const key = valid ? `${call}\n${valid}` : call;
    const cached = cache.get(key);
    if (!cached) return refresh(key, valid);
    if (now() - cached.at >= ttlMs) void refresh(key, valid);
    return Promise.resolve(cached.answer);
  };
}
