import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, MEDIA_MAX, MEDIA_MIN } from './breakpoints.ts';

describe('breakpoints', () => {
  it('should carry the spec values', () => {
    expect(BREAKPOINTS.tablet).toBe(1199);
    expect(BREAKPOINTS.phone).toBe(767);
    expect(Object.values(BREAKPOINTS).slice(3)).toEqual([550, 768, 1000, 1024, 1750, 1751]);
    expect(BREAKPOINTS.desktop).toBe(BREAKPOINTS.tablet + 1);
  });

  it('should build matching media queries', () => {
    expect(MEDIA_MAX.phone).toBe('screen and (max-width: 767px)');
    expect(MEDIA_MAX.tablet).toBe('screen and (max-width: 1199px)');
    expect(MEDIA_MIN.gridWide).toBe('screen and (min-width: 1751px)');
    expect(Object.keys(MEDIA_MAX)).toEqual(Object.keys(BREAKPOINTS));
  });
});
