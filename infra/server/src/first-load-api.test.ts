import { describe, expect, it, vi } from 'vitest';
import { createFirstLoadApi } from './first-load-api.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('first-load API reader', () => {
  it('should GET the key under /api without a token, once for concurrent and fresh reads', async () => {
    const fetchImpl = vi.fn(async () => json([{ id: 'a' }]));
    const read = createFirstLoadApi({ apiUrl: 'http://api:1', fetchImpl, ttlMs: 1000, now: () => 0 });
    const [first, second] = await Promise.all([
      read('PersonModel/top?utmSource=x'),
      read('PersonModel/top?utmSource=x'),
    ]);
    expect(first).toEqual([{ id: 'a' }]);
    expect(second).toEqual([{ id: 'a' }]);
    await read('PersonModel/top?utmSource=x');
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://api:1/api/PersonModel/top?utmSource=x');
    expect(init.headers).not.toHaveProperty('authorization');
  });

  it("should ask a country's answer with the CDN's header and keep one per country (ADR 0455)", async () => {
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) =>
      json({ country: (init?.headers as Record<string, string>)['x-country'] ?? null }),
    );
    const read = createFirstLoadApi({
      apiUrl: 'http://api:1',
      fetchImpl,
      countryHeader: 'x-country',
      now: () => 0,
    });
    await expect(read('Payments/subscription-products?', 'CA')).resolves.toEqual({ country: 'CA' });
    await expect(read('Payments/subscription-products?', 'US')).resolves.toEqual({ country: 'US' });
    await expect(read('Payments/subscription-products?', 'CA')).resolves.toEqual({ country: 'CA' });
    await expect(read('Payments/subscription-products?')).resolves.toEqual({ country: null });
    // Anything but two letters is not forwarded: it shares the answer without a country.
    await expect(read('Payments/subscription-products?', 'ca\r\nx: 1')).resolves.toEqual({ country: null });
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(fetchImpl.mock.calls.map(([url]) => url)).toEqual(
      Array(3).fill('http://api:1/api/Payments/subscription-products?'),
    );
  });

  it('should serve a stale answer at once while one refresh runs, then the refreshed one', async () => {
    let now = 0;
    let version = 1;
    const fetchImpl = vi.fn(async () => json({ version }));
    const read = createFirstLoadApi({ apiUrl: 'http://api:1', fetchImpl, ttlMs: 1000, now: () => now });
    await expect(read('k?')).resolves.toEqual({ version: 1 });
    now = 1500;
    version = 2;
    await expect(read('k?')).resolves.toEqual({ version: 1 });
    await expect(read('k?')).resolves.toEqual({ version: 1 });
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    await vi.waitFor(async () => expect(await read('k?')).toEqual({ version: 2 }));
  });

  it('should keep the same object when a refresh answers the same (what was made from it stays good)', async () => {
    let now = 0;
    let version = 1;
    const fetchImpl = vi.fn(async () => json({ version }));
    const read = createFirstLoadApi({ apiUrl: 'http://api:1', fetchImpl, ttlMs: 1000, now: () => now });
    const settled = () => new Promise((resolve) => setTimeout(resolve, 20));
    const first = await read('k?');
    now = 1500;
    await read('k?');
    await settled();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(await read('k?')).toBe(first);
    now = 3000;
    version = 2;
    await read('k?');
    await settled();
    expect(await read('k?')).toEqual({ version: 2 });
  });

  it('should keep the last good answer when a refresh fails', async () => {
    let now = 0;
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(['good']))
      .mockResolvedValueOnce(json({ error: {} }, 503));
    const read = createFirstLoadApi({ apiUrl: 'http://api:1', fetchImpl, ttlMs: 10, now: () => now });
    await read('k?');
    now = 100;
    await expect(read('k?')).resolves.toEqual(['good']);
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(2));
    await expect(read('k?')).resolves.toEqual(['good']);
  });

  it('should give undefined for an error status, a non-JSON answer or a network failure, and not keep it', async () => {
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json({ error: {} }, 500))
      .mockResolvedValueOnce(new Response('<html>', { headers: { 'content-type': 'text/html' } }))
      .mockRejectedValueOnce(new TypeError('connection refused'))
      .mockResolvedValueOnce(json(['ok']));
    const read = createFirstLoadApi({ apiUrl: 'http://api:1', fetchImpl });
    await expect(read('a?')).resolves.toBeUndefined();
    await expect(read('a?')).resolves.toBeUndefined();
    await expect(read('a?')).resolves.toBeUndefined();
    await expect(read('a?')).resolves.toEqual(['ok']);
  });

  it('should give up on a slow API after the timeout', async () => {
    const fetchImpl: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError'))),
      );
    const read = createFirstLoadApi({ apiUrl: 'http://api:1', fetchImpl, timeoutMs: 20 });
    await expect(read('slow?')).resolves.toBeUndefined();
  });
});
