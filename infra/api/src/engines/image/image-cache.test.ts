import { describe, expect, it } from 'vitest';
import { ImageCache } from './image-cache.ts';

const image = (size: number) => ({ contentType: 'image/svg+xml', body: Buffer.alloc(size) });

describe('ImageCache', () => {
  it('should return what was stored and miss what was not', () => {
    const cache = new ImageCache(100, 50);
    cache.set('a', image(10));
    expect(cache.get('a')?.body.length).toBe(10);
    expect(cache.get('b')).toBeUndefined();
  });

  it('should evict the least recently used entries beyond the byte budget', () => {
    const cache = new ImageCache(30, 50);
    cache.set('a', image(10));
    cache.set('b', image(10));
    cache.set('c', image(10));
    cache.get('a');
    cache.set('d', image(10));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.get('d')).toBeDefined();
    expect(cache.totalBytes).toBe(30);
  });

  it('should not keep entries larger than the per-entry limit and should replace on re-set', () => {
    const cache = new ImageCache(100, 20);
    cache.set('big', image(21));
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', image(10));
    cache.set('a', image(15));
    expect(cache.size).toBe(1);
    expect(cache.totalBytes).toBe(15);
  });
});
