import type { ApiErrorCode } from '@companion/contracts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { gone, unauthorized } from './errors.ts';
import type { HttpError } from './errors.ts';

/** Who is calling, as handlers see it on `request.user` after `app.authenticate`. */
export interface AuthUser {
  id: string;
  /** True for a generated (pre-registered) visitor without an email. */
  isAnonymous: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` (always) or `app.authenticateOptional` (when a token is sent). */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: 401 without a valid bearer token, 410 for a soft-deleted user; sets `request.user`. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: like `authenticate` when an Authorization header is present, otherwise leaves `user` null. */
    authenticateOptional: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Outcome of checking a bearer token; used by HTTP and by the hubs. */
export type AuthResult =
  { ok: true; userId: string; isAnonymous: boolean } | { ok: false; status: 401 | 410; code: ApiErrorCode };

/** Claims we put in access tokens; `webpage` marks a generated anonymous user (spec 000 §3). */
export interface AccessClaims {
  sub: string;
  exp: number;
  webpage?: string;
}

/** Returns the HS256 key: JWT_SECRET, else a random secret generated once and kept in DATA_DIR. */
export function loadJwtKey(config: Pick<Config, 'jwtSecret' | 'dataDir'>): Uint8Array {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  const file = path.join(config.dataDir, 'jwt-secret');
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // 'wx' so two instances starting together cannot overwrite each other's secret.
    fs.writeFileSync(file, crypto.randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return new TextEncoder().encode(fs.readFileSync(file, 'utf8').trim());
}

/** Signs a short-lived access token for a user; anonymous users carry the `webpage` claim. */
export async function signAccessToken(
  key: Uint8Array,
  ttlSeconds: number,
  user: { id: string; isAnonymous: boolean; webpage?: string | null },
  now: Date = new Date(),
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: Record<string, string> = {};
  if (user.isAnonymous) claims.webpage = user.webpage || '/';
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(crypto.randomUUID())
    .sign(key);
}

/** Dependencies of {@link createAuthenticator}. */
export interface AuthenticatorDeps {
  db: Queryable;
  jwtKey: Uint8Array;
  now?: () => Date;
}

type TokenCheck<Row> =
  | { ok: true; userId: string; isAnonymous: boolean; row: Row }
  | { ok: false; status: 401 | 410; code: ApiErrorCode };

/** Most signatures remembered per key: a client sends its token many times, the HMAC is checked once. */
const MAX_VERIFIED_TOKENS = 10_000;

/** Tokens whose signature was checked, per key: the token → its subject and expiry (seconds). */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, { sub: string | undefined; exp: number }>>();

/**
 * The token's subject when its signature and expiry hold. A token checked before is answered from memory until it
 * expires (the key is the whole signed string, so any other byte is a miss and is verified): jose's WebCrypto HMAC
 * was the largest cost of a cached public route for a signed-in caller.
 */
async function verifiedSubject(
  deps: Omit<AuthenticatorDeps, 'db'>,
  token: string,
): Promise<{ ok: true; sub: string | undefined } | { ok: false; code: ApiErrorCode }> {
  const now = deps.now?.() ?? new Date();
  let cache = verifiedTokens.get(deps.jwtKey);
  if (!cache) {
    cache = new Map();
    verifiedTokens.set(deps.jwtKey, cache);
  }
  const hit = cache.get(token);
  if (hit && hit.exp * 1000 > now.getTime()) return { ok: true, sub: hit.sub };
  try {
    const { payload } = await jwtVerify(token, deps.jwtKey, {
      algorithms: ['HS256'],
      // A token without an expiry would be valid forever: refuse it even when our key signed it.
      requiredClaims: ['exp', 'sub'],
      currentDate: now,
    });
    if (cache.size >= MAX_VERIFIED_TOKENS) cache.delete(cache.keys().next().value as string);
    cache.set(token, { sub: payload.sub, exp: payload.exp as number });
    return { ok: true, sub: payload.sub };
  } catch (error) {
    cache.delete(token);
    return { ok: false, code: error instanceof joseErrors.JWTExpired ? 'token_expired' : 'invalid_token' };
  }
}

/**
 * The subject of a bearer token whose signature and expiry hold (no database read), else null: who a request is
 * for the per-client budget (a forged or expired token counts as its address).
 */
export async function verifiedTokenSubject(
  deps: Omit<AuthenticatorDeps, 'db'>,
  token: string,
): Promise<string | null> {
  const verified = await verifiedSubject(deps, token);
  return verified.ok && verified.sub ? verified.sub : null;
}

/** Verifies the JWT and reads the user row with `columns` (plus the two the check needs) in one query. */
async function checkToken<Row>(
  deps: AuthenticatorDeps,
  token: string,
  columns: string,
): Promise<TokenCheck<Row>> {
  const verified = await verifiedSubject(deps, token);
  if (!verified.ok) return { ok: false, status: 401, code: verified.code };
  const { sub } = verified;
  if (!sub || !/^[0-9a-f-]{36}$/i.test(sub)) return { ok: false, status: 401, code: 'invalid_token' };
  const rows = await deps.db.query<Row & { is_anonymous: boolean; deleted_at: Date | null }>(
    `SELECT ${columns}, is_anonymous, deleted_at FROM users WHERE id = $1`,
    [sub],
  );
  const row = rows[0];
  if (!row) return { ok: false, status: 401, code: 'invalid_token' };
  if (row.deleted_at) return { ok: false, status: 410, code: 'account_deleted' };
  return { ok: true, userId: sub, isAnonymous: row.is_anonymous, row };
}

/** Checks a raw bearer token: signature, expiry, and that the user exists and is not soft-deleted. */
export function createAuthenticator(deps: AuthenticatorDeps): (token: string) => Promise<AuthResult> {
  return async (token) => {
    const result = await checkToken<object>(deps, token, 'id');
    return result.ok ? { ok: true, userId: result.userId, isAnonymous: result.isAnonymous } : result;
  };
}

/**
 * `app.authenticate` and the handler's user read in one query, for hot routes that need the whole
 * row (GET User) or `columns` of it (they may be subqueries on `users.id`, as Tokens/balance reads its balance):
 * same 401/410 answers, sets `request.user`, returns the row.
 */
export async function authenticateWithRow<Row>(
  request: FastifyRequest,
  deps: AuthenticatorDeps,
  columns = '*',
): Promise<Row> {
  const token = bearerToken(request);
  if (token === null) throw unauthorized('Missing Authorization: Bearer token.', 'missing_token');
  if (token === '') throw unauthorized('Malformed Authorization header.', 'invalid_token');
  const result = await checkToken<Row>(deps, token, columns);
  if (!result.ok) throw failure(result);
  request.user = { id: result.userId, isAnonymous: result.isAnonymous };
  return result.row;
}

/**
 * `app.authenticateOptional` and the handler's read of the caller's row in one query: `columns` are selected from
 * `users` (they may be subqueries on `users.id`); null without a token; the same 401/410 answers.
 */
export async function authenticateOptionalWithRow<Row>(
  request: FastifyRequest,
  deps: AuthenticatorDeps,
  columns: string,
): Promise<Row | null> {
  const token = bearerToken(request);
  if (!token) return null;
  const result = await checkToken<Row>(deps, token, columns);
  if (!result.ok) throw failure(result);
  request.user = { id: result.userId, isAnonymous: result.isAnonymous };
  return result.row;
}

/** Extracts the token from `Authorization: Bearer …`; null when absent. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : '';
}

function failure(result: { status: 401 | 410; code: ApiErrorCode }): HttpError {
  if (result.status === 410) return gone();
  return unauthorized(
    result.code === 'token_expired' ? 'Access token has expired.' : 'Access token is invalid.',
    result.code,
  );
}

/** Decorates the app with `authenticate` / `authenticateOptional` preHandlers and `request.user`. */
export function installAuth(
  app: FastifyInstance,
  authenticator: (token: string) => Promise<AuthResult>,
): void {
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (token === null) throw unauthorized('Missing Authorization: Bearer token.', 'missing_token');
    if (token === '') throw unauthorized('Malformed Authorization header.', 'invalid_token');
    const result = await authenticator(token);
    if (!result.ok) throw failure(result);
    request.user = { id: result.userId, isAnonymous: result.isAnonymous };
  });
  app.decorate('authenticateOptional', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) return;
    const result = await authenticator(token);
    if (!result.ok) throw failure(result);
    request.user = { id: result.userId, isAnonymous: result.isAnonymous };
  });
}

/** The authenticated user of a route guarded by `app.authenticate`; 401 if the guard was forgotten. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
