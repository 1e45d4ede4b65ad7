import crypto from 'node:crypto';
import type { TokenPair } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import type { UserRow } from '../../db/accounts.ts';
import { signAccessToken } from '../../http/auth.ts';
import type { FeatureDeps } from '../../http/feature.ts';

/** sha256 of a bearer secret: only hashes are stored, so a database leak yields no usable token. */
export function hashSecret(secret: string): string {
  return crypto.createHash('sha256').update(secret).digest('hex');
}

/** Issues an access token and a refresh token; a new family unless `familyId` continues a rotation. */
export async function issueSession(
  tx: Queryable,
  deps: Pick<FeatureDeps, 'config' | 'jwtKey' | 'now'>,
  user: Pick<UserRow, 'id' | 'is_anonymous' | 'webpage'>,
  familyId: string = crypto.randomUUID(),
): Promise<TokenPair> {
  const now = deps.now();
  const refreshToken = crypto.randomBytes(32).toString('base64url');
  await tx.query(
    'INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [
      crypto.randomUUID(),
      user.id,
      familyId,
      hashSecret(refreshToken),
      now,
      new Date(now.getTime() + deps.config.refreshTokenTtlSeconds * 1000),
    ],
  );
  const accessToken = await signAccessToken(
    deps.jwtKey,
    deps.config.accessTokenTtlSeconds,
    { id: user.id, isAnonymous: user.is_anonymous, webpage: user.webpage },
    now,
  );
  return { accessToken, refreshToken };
}

/**
 * A token presented again within this window after its first use (two tabs refreshing at once, a retried request)
 * gets the pair the first use issued; later, it counts as reuse (RFC 9700 §4.14.2 allows such a grace period).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Why a refresh was refused; reuse has already revoked the family when this is returned. */
export type RefreshOutcome =
  | { ok: true; userId: string; familyId: string; replay?: undefined }
  /** A duplicate within the grace window: answer with the pair the first use issued. */
  | { ok: true; replay: TokenPair }
  | {
      ok: false;
      reason: 'unknown' | 'expired' | 'reused' | 'revoked' | 'deleted' | 'user_mismatch' | 'wrong_path';
    };

/**
 * Consumes a refresh token exactly once. A token presented a second time (stolen or replayed)
 * revokes its whole family, so both the thief and the victim must sign in again. Every other
 * refusal leaves the token untouched, so a client that used the wrong path can retry correctly.
 */
export async function consumeRefreshToken(
  tx: Queryable,
  token: string,
  now: Date,
  expect: { userId: string | null; anonymous: boolean },
): Promise<RefreshOutcome> {
  const rows = await tx.query<{
    user_id: string;
    family_id: string;
    used_at: Date | null;
    revoked_at: Date | null;
    expires_at: Date;
    is_anonymous: boolean;
    deleted_at: Date | null;
    successor: string | null;
  }>(
    `SELECT r.user_id, r.family_id, r.used_at, r.revoked_at, r.expires_at, r.successor, u.is_anonymous, u.deleted_at
     FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 FOR UPDATE OF r`,
    [hashSecret(token)],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.deleted_at) return { ok: false, reason: 'deleted' };
  if (row.revoked_at) return { ok: false, reason: 'revoked' };
  if (row.used_at) {
    const withinGrace = now.getTime() - row.used_at.getTime() < REFRESH_REUSE_GRACE_MS;
    const pair = withinGrace && row.successor ? openSuccessor(token, row.successor) : null;
    const sameCaller =
      (!expect.userId || expect.userId === row.user_id) && expect.anonymous === row.is_anonymous;
    if (pair && sameCaller) return { ok: true, replay: pair };
    await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [
      row.family_id,
      now,
    ]);
    return { ok: false, reason: 'reused' };
  }
  if (row.expires_at.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  if (expect.userId && expect.userId !== row.user_id) return { ok: false, reason: 'user_mismatch' };
  if (expect.anonymous !== row.is_anonymous) return { ok: false, reason: 'wrong_path' };
  await tx.query('UPDATE refresh_tokens SET used_at = $2 WHERE token_hash = $1', [hashSecret(token), now]);
  return { ok: true, userId: row.user_id, familyId: row.family_id };
}

/** Records the pair `token` was exchanged for, sealed with a key only the holder of `token` can derive. */
export async function rememberSuccessor(tx: Queryable, token: string, pair: TokenPair): Promise<void> {
  await tx.query('UPDATE refresh_tokens SET successor = $2 WHERE token_hash = $1', [
    hashSecret(token),
    sealSuccessor(token, pair),
  ]);
}

function successorKey(token: string): Buffer {
  return crypto.createHash('sha256').update(`refresh-successor:${token}`).digest();
}

function sealSuccessor(token: string, pair: TokenPair): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', successorKey(token), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

function openSuccessor(token: string, sealed: string): TokenPair | null {
  try {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = crypto.createDecipheriv('aes-256-gcm', successorKey(token), iv!);
    decipher.setAuthTag(tag!);
    const text = Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
    return JSON.parse(text) as TokenPair;
  } catch {
    return null;
  }
}

/** Revokes every refresh token of a user (delete account, merge). */
export async function revokeAllSessions(tx: Queryable, userId: string, now: Date): Promise<void> {
  await tx.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
    now,
  ]);
}
