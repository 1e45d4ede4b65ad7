import { describe, expect, it } from 'vitest';
import { matchRoutePattern as matchesPattern } from './routes.ts';

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
