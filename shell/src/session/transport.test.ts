import { describe, expect, it, vi } from 'vitest';
import { TransportError, createTransport } from './transport.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('transport', () => {
  it('should send JSON with the bearer token and query parameters to /api', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(json({ ok: true }));
    const transport = createTransport({ accessToken: async () => 'tkn' }, { fetchImpl });
    await expect(
      transport.request('Tokens/balance', { query: { requestID: 'r1', skip: undefined } }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchImpl.mock.calls[0] as [URL, RequestInit];
    expect(url.pathname).toBe('/api/Tokens/balance');
    expect(url.search).toBe('?requestID=r1');
    expect((init.headers as Record<string, string>)['Authorization']).toBe('Bearer tkn');
    // A retried call must reach the API, not the HTTP cache (a 410 is heuristically cacheable).
    expect(init.cache).toBe('no-cache');
  });

  it('should send no token when the request opts out', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(json({}));
    const tokens = { accessToken: vi.fn(async () => 'tkn') };
    await createTransport(tokens, { fetchImpl }).request('Authenticate/pre-register', {
      method: 'POST',
      body: {},
      ignoreAuthorization: true,
    });
    expect(tokens.accessToken).not.toHaveBeenCalled();
    expect((fetchImpl.mock.calls[0]?.[1] as RequestInit).headers).not.toHaveProperty('Authorization');
  });

  it('should answer the first public GET of an inlined key from the HTML, once, and nothing else', async () => {
    const fetchImpl = vi.fn(async () => json(['from the network']));
    const tokens = { accessToken: vi.fn(async () => 'tkn') };
    const firstLoad = new Map<string, unknown>([['PersonModel/top?utmSource=ads', ['inlined']]]);
    const transport = createTransport(tokens, { fetchImpl, firstLoad });
    // With a token it is another user's view: never answered from the public copy.
    await expect(transport.request('PersonModel/top', { query: { utmSource: 'ads' } })).resolves.toEqual([
      'from the network',
    ]);
    // Another query is another key.
    await expect(
      transport.request('PersonModel/top', { query: { utmSource: 'other' }, ignoreAuthorization: true }),
    ).resolves.toEqual(['from the network']);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await expect(
      transport.request('PersonModel/top', {
        query: { utmSource: 'ads' },
        headers: { 'Ignore-Authorization': 'true' },
      }),
    ).resolves.toEqual(['inlined']);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    // Used once: a later refresh reaches the API.
    await expect(
      transport.request('PersonModel/top', { query: { utmSource: 'ads' }, ignoreAuthorization: true }),
    ).resolves.toEqual(['from the network']);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it('should give an inlined answer to a first render at once, once (ADR 0453), and then fetch afresh', async () => {
    const fetchImpl = vi.fn(async () => json(['from the network']));
    const firstLoad = new Map<string, unknown>([['PersonModel/top?', ['inlined']]]);
    const transport = createTransport({ accessToken: async () => null }, { fetchImpl, firstLoad });
    expect(transport.peek?.('PersonModel/top', { utmSource: undefined })).toEqual(['inlined']);
    expect(transport.peek?.('PersonModel/top')).toBeUndefined();
    await expect(transport.request('PersonModel/top', { ignoreAuthorization: true })).resolves.toEqual([
      'from the network',
    ]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('should never answer a write from inlined answers', async () => {
    const fetchImpl = vi.fn(async () => json({ written: true }));
    const firstLoad = new Map<string, unknown>([['Thing?', { inlined: true }]]);
    const transport = createTransport({ accessToken: async () => null }, { fetchImpl, firstLoad });
    await expect(
      transport.request('Thing', { method: 'POST', body: {}, ignoreAuthorization: true }),
    ).resolves.toEqual({ written: true });
  });

  it('should tell fetch, timeout, parsing and http errors apart', async () => {
    const tokens = { accessToken: async () => null };
    const network = createTransport(tokens, {
      fetchImpl: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')),
    });
    await expect(network.request('User')).rejects.toMatchObject({ kind: 'fetch' });

    const hanging = createTransport(tokens, {
      fetchImpl: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    });
    await expect(hanging.request('Payments/x', { timeoutMs: 20 })).rejects.toMatchObject({ kind: 'timeout' });

    const broken = createTransport(tokens, {
      fetchImpl: vi
        .fn()
        .mockResolvedValue(new Response('{nope', { headers: { 'content-type': 'application/json' } })),
    });
    await expect(broken.request('User')).rejects.toMatchObject({ kind: 'parsing' });

    const failing = createTransport(tokens, {
      fetchImpl: vi
        .fn()
        .mockResolvedValue(
          json({ error: { code: 'validation', message: 'age is required', field: 'age' } }, 400),
        ),
    });
    const error = (await failing.request('User').catch((e: unknown) => e)) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ kind: 'http', status: 400, body: { error: { field: 'age' } } });
  });

  it('should strip the Ignore-Authorization header and send no token', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(json({}));
    const tokens = { accessToken: vi.fn(async () => 'tkn') };
    await createTransport(tokens, { fetchImpl }).request('x', {
      headers: { 'Ignore-Authorization': 'true' },
    });
    const headers = (fetchImpl.mock.calls[0]?.[1] as RequestInit).headers as Record<string, string>;
    expect(tokens.accessToken).not.toHaveBeenCalled();
    expect(headers).not.toHaveProperty('Authorization');
    expect(headers).not.toHaveProperty('Ignore-Authorization');
  });

  it('should retry a 401 once after recovery and give up on the second 401', async () => {
    const fetchImpl = vi
      .fn()
      .mockResolvedValue(json({ error: { code: 'token_expired', message: 'x' } }, 401));
    const recoverUnauthorized = vi.fn(async () => true);
    const transport = createTransport({ accessToken: async () => 't', recoverUnauthorized }, { fetchImpl });
    await expect(transport.request('User')).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(recoverUnauthorized).toHaveBeenCalledTimes(1);
    expect(recoverUnauthorized).toHaveBeenCalledWith('t');
  });

  it('should time out payment calls at 7000 ms by default', async () => {
    vi.useFakeTimers();
    try {
      const transport = createTransport(
        { accessToken: async () => null },
        {
          fetchImpl: (_url, init) =>
            new Promise((_resolve, reject) =>
              init?.signal?.addEventListener('abort', () =>
                reject(new DOMException('aborted', 'AbortError')),
              ),
            ),
        },
      );
      const outcome = transport.request('Payments/start').catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(6999);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(outcome).resolves.toMatchObject({ kind: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });
});
