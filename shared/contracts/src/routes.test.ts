import { describe, expect, it } from 'vitest';
import { firstLoadKey, matchRoutePattern as matchesPattern } from './routes.ts';

describe('matchesPattern', () => {
  it.each([
    ['/', '/', true],
    ['/', '/x', false],
    ['/chat', '/chat', true],
    ['/chat', '/chat/', true],
    ['/chat', '/Chat', false],
    ['/chat/:chatId', '/chat/42', true],
    ['/chat/:chatId', '/chat', false],
    ['/chat/:chatId', '/chat/42/x', false],
    ['/4901/chat', '/4901/chat', true],
    ['/legal/privacy-policy', '/legal/privacy-policy', true],
    ['/legal', '/legal/privacy-policy', false],
  ])('should match %s against %s: %s', (pattern, pathname, expected) => {
    expect(matchesPattern(pattern, pathname)).toBe(expected);
  });
});

describe('firstLoadKey', () => {
  it('should sort the query, drop empty values and the leading slash, so client and origin agree', () => {
    expect(firstLoadKey('/PersonModel/top', { utmSource: 'ads', a: 1, empty: undefined, none: null })).toBe(
      'PersonModel/top?a=1&utmSource=ads',
    );
    expect(firstLoadKey('PersonModel/top')).toBe('PersonModel/top?');
  });

  it('should encode values the way URLSearchParams does', () => {
    expect(firstLoadKey('x', { q: 'a b&c' })).toBe('x?q=a+b%26c');
  });
});
