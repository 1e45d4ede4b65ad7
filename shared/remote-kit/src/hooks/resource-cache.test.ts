import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEEP_UNUSED_MS, ResourceCache } from './resource-cache.ts';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => vi.useRealTimers());

describe('ResourceCache', () => {
  it('should share one request between readers of a key', async () => {
    const cache = new ResourceCache();
    const fetcher = vi.fn(async () => 'a');
    cache.read('k', fetcher);
    cache.read('k', fetcher);
    await flush();
    expect(fetcher).toHaveBeenCalledOnce();
    expect(cache.read('k', fetcher)).toMatchObject({ status: 'ready', data: 'a' });
  });

  it('should keep showing stale data while an invalidated key refetches', async () => {
    const cache = new ResourceCache();
    let answer = 'old';
    const fetcher = vi.fn(async () => answer);
    cache.read('chats|1', fetcher);
    await flush();
    answer = 'new';
    cache.invalidate('chats|*');
    expect(cache.read('chats|1', fetcher)).toMatchObject({ status: 'ready', data: 'old', refetching: true });
    await flush();
    expect(cache.read('chats|1', fetcher)).toMatchObject({ status: 'ready', data: 'new', refetching: false });
  });

  it('should keep the old answer when a refetch fails, and report an error only without data', async () => {
    const cache = new ResourceCache();
    let fail = false;
    const fetcher = async () => {
      if (fail) throw new Error('down');
      return 1;
    };
    cache.read('a', fetcher);
    await flush();
    fail = true;
    await cache.refetch('a');
    expect(cache.read('a', fetcher)).toMatchObject({ status: 'ready', data: 1 });
    cache.read('b', fetcher);
    await flush();
    expect(cache.read('b', fetcher)).toMatchObject({ status: 'error', data: undefined });
  });

  it('should drop a key nobody uses after 60 s, and not before', async () => {
    vi.useFakeTimers();
    const cache = new ResourceCache();
    const fetcher = vi.fn(async () => 'x');
    const stop = cache.subscribe('k', () => undefined);
    cache.read('k', fetcher);
    const unsubscribe = cache.subscribe('k', () => undefined);
    stop();
    unsubscribe();
    await vi.advanceTimersByTimeAsync(KEEP_UNUSED_MS - 1);
    expect(cache.peek('k')).toBe('x');
    await vi.advanceTimersByTimeAsync(1);
    expect(cache.peek('k')).toBeUndefined();
    cache.read('k', fetcher);
    expect(fetcher).toHaveBeenCalledTimes(2);
  });
});
