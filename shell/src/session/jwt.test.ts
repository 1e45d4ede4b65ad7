import { describe, expect, it } from 'vitest';
import { fakeJwt } from './test-fixtures.ts';
import { decodeClaims, isGeneratedUserToken, isTokenExpired } from './jwt.ts';

describe('jwt claims', () => {
  const now = Date.UTC(2026, 0, 1);

  it('should treat a token whose exp is in the future as usable', () => {
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 + 60 }), now)).toBe(false);
  });

  it('should treat past, missing and undecodable exp as expired', () => {
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 - 1 }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ exp: now / 1000 }), now)).toBe(true);
    expect(isTokenExpired(fakeJwt({ sub: 'u1' }), now)).toBe(true);
    expect(isTokenExpired('not-a-jwt', now)).toBe(true);
    expect(isTokenExpired('a.%%%.c', now)).toBe(true);
    expect(isTokenExpired(null, now)).toBe(true);
  });

  it('should read the webpage claim of a generated user and unicode payloads', () => {
    expect(isGeneratedUserToken(fakeJwt({ sub: 'u', webpage: '/' }))).toBe(true);
    expect(isGeneratedUserToken(fakeJwt({ sub: 'u' }))).toBe(false);
    const claims = decodeClaims(
      `e30.${btoa(String.fromCharCode(...new TextEncoder().encode('{"sub":"ü"}'))).replace(/=+$/, '')}.s`,
    );
    expect(claims?.sub).toBe('ü');
  });
});
