// The verified-token memory of the authenticator: a token checked once is not trusted past its expiry,
// and a token differing from it by one byte is verified anew.

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { createAuthenticator, signAccessToken } from './auth.ts';

describe('createAuthenticator', () => {
  const id = randomUUID();
  const db = {
    query: async () => [{ id, is_anonymous: true, deleted_at: null }],
  } as unknown as Queryable;

  it('should refuse a remembered token once it expires, and a tampered copy of it at once', async () => {
    const jwtKey = new TextEncoder().encode('auth-test-secret-auth-test-secret');
    let now = new Date('2026-11-24T06:00:00Z');
    const authenticate = createAuthenticator({ db, jwtKey, now: () => now });
    const token = await signAccessToken(jwtKey, 60, { id, isAnonymous: true }, now);

    expect(await authenticate(token)).toEqual({ ok: true, userId: id, isAnonymous: true });
    expect(await authenticate(token)).toEqual({ ok: true, userId: id, isAnonymous: true });
    // A character inside the signature (the last one carries padding bits that decode alike).
    const at = token.length - 10;
    const tampered = token.slice(0, at) + (token[at] === 'A' ? 'z' : 'A') + token.slice(at + 1);
    expect(await authenticate(tampered)).toEqual({
      ok: false,
      status: 401,
      code: 'invalid_token',
    });
    now = new Date(now.getTime() + 61_000);
    expect(await authenticate(token)).toEqual({ ok: false, status: 401, code: 'token_expired' });
  });

  it('should not accept a token signed with another key after one with this key was remembered', async () => {
    const jwtKey = new TextEncoder().encode('auth-test-secret-auth-test-secret-2');
    const other = new TextEncoder().encode('another-secret-another-secret-another');
    const authenticate = createAuthenticator({ db, jwtKey });
    const token = await signAccessToken(jwtKey, 60, { id, isAnonymous: true });
    expect(await authenticate(token)).toMatchObject({ ok: true });
    const forged = await signAccessToken(other, 60, { id, isAnonymous: true });
    expect(await authenticate(forged)).toEqual({ ok: false, status: 401, code: 'invalid_token' });
  });
});
