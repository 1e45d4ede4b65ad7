import { describe, expect, it } from 'vitest';
import { testGalleryImage as image } from '@companion/remote-kit/testing';
import { cardAction, galleryKey, mergeById } from './gallery-cache.ts';
import { stepIndex, swipeDirection } from './lightbox-nav.ts';

describe('galleryKey', () => {
  it('should key the cache per user, category and secret flag', () => {
    const keys = new Set([
      galleryKey('u1', 'realistic', false),
      galleryKey('u1', 'realistic', true),
      galleryKey('u1', 'anime', false),
      galleryKey('u1', 'anime', true),
      galleryKey('u2', 'realistic', false),
    ]);
    expect(keys.size).toBe(5);
    expect(galleryKey('u1', 'anime', true)).toBe('gallery|u1|anime|secret');
  });
});

describe('mergeById', () => {
  it('should keep the order of what is shown, take newer copies and append new ids', () => {
    const base = [image('a'), image('b'), image('c')];
    const merged = mergeById(base, [image('d'), image('b', { isUnlocked: true, imageUrl: '/full/b.svg' })]);
    expect(merged.map((item) => item.galleryImageId)).toEqual(['a', 'b', 'c', 'd']);
    expect(merged[1]).toMatchObject({ isUnlocked: true, imageUrl: '/full/b.svg' });
  });

  it('should never let a locked copy hide an unlocked one', () => {
    const base = [image('a', { isUnlocked: true, imageUrl: '/full/a.svg' })];
    expect(mergeById(base, [image('a')])[0]).toMatchObject({ isUnlocked: true, imageUrl: '/full/a.svg' });
  });

  it('should hold each id once, even when an answer repeats it', () => {
    const merged = mergeById([image('a')], [image('a'), image('b')]);
    expect(merged.map((item) => item.galleryImageId)).toEqual(['a', 'b']);
    expect(mergeById([], [])).toEqual([]);
  });
});

describe('cardAction', () => {
  it('should open unlocked images and ask anonymous visitors to sign in before an unlock', () => {
    expect(cardAction(image('a', { isUnlocked: true }), false)).toBe('view');
    expect(cardAction(image('a'), false)).toBe('sign-in');
    expect(cardAction(image('a'), true)).toBe('unlock');
  });
});

describe('lightbox navigation', () => {
  it('should wrap round at both ends', () => {
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(1, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });

  it('should read a horizontal swipe left as next and right as previous, and ignore short or vertical ones', () => {
    expect(swipeDirection(-80, 5)).toBe(1);
    expect(swipeDirection(80, -5)).toBe(-1);
    expect(swipeDirection(-30, 0)).toBe(0);
    expect(swipeDirection(-80, 120)).toBe(0);
  });
});
