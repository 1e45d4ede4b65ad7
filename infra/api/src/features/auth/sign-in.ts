// The sign-in steps the auth routes share (ADR 0011, 0290): who the anonymous caller is, signing in to an account
// (folding the caller into it), making an account, and mailing a magic link.
import type { FastifyRequest } from 'fastify';
import type { TokenPair } from '@companion/contracts';
import { insertUser } from '../../db/accounts.ts';
import type { UserRow } from '../../db/accounts.ts';
import type { Queryable } from '../../db/database.ts';
import { bearerToken } from '../../http/auth.ts';
import type { AuthResult } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { FeatureDeps } from '../../http/feature.ts';
import { sendMagicLink } from './magic-links.ts';
import type { MagicLinkRequest } from './magic-links.ts';
import { mergeAnonymousInto } from './merge.ts';
import { issueSession } from './sessions.ts';

/** The shared sign-in steps, bound to the feature's deps and its access-token check. */
export function createSignIn(deps: FeatureDeps, authenticator: (token: string) => Promise<AuthResult>) {
  const { db } = deps;

  /** The caller's anonymous identity, proven by a valid bearer token; the merge source (ADR 0011). */
  async function anonymousCaller(
    request: FastifyRequest,
    claimedUserId: string | null | undefined,
  ): Promise<string | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const result = await authenticator(token);
    if (!result.ok || !result.isAnonymous) return null;
    // A body userId naming someone else is ignored: only the token proves who the visitor is.
    if (claimedUserId && claimedUserId !== result.userId) return null;
    return result.userId;
  }

  /** Signs in to `account`, folding the calling anonymous user into it, and issues a fresh session. */
  async function signInTo(tx: Queryable, account: UserRow, anonymousId: string | null): Promise<TokenPair> {
    if (anonymousId) await mergeAnonymousInto(tx, deps, anonymousId, account.id);
    await tx.query('UPDATE users SET last_seen_at = $2 WHERE id = $1', [account.id, deps.now()]);
    return issueSession(tx, deps, account);
  }

  /**
   * Turns the calling anonymous user into the account in place (nothing moves), or creates a new
   * registered user when there is no anonymous caller.
   */
  async function createAccount(
    tx: Queryable,
    anonymousId: string | null,
    fields: {
      email: string | null;
      passwordHash?: string | null;
      googleSub?: string | null;
      userName?: string | null;
      fingerprint?: string | null;
    },
  ): Promise<UserRow> {
    if (anonymousId) {
      const rows = await tx.query<UserRow>(
        `UPDATE users SET is_anonymous = false, email = $2, password_hash = COALESCE($3, password_hash), google_sub = COALESCE($4, google_sub),
           user_name = COALESCE($5, user_name), fingerprint = COALESCE($6, fingerprint), webpage = NULL, updated_at = $7
         WHERE id = $1 AND is_anonymous AND deleted_at IS NULL RETURNING *`,
        [
          anonymousId,
          fields.email,
          fields.passwordHash ?? null,
          fields.googleSub ?? null,
          fields.userName ?? null,
          fields.fingerprint ?? null,
          deps.now(),
        ],
      );
      if (rows[0]) return rows[0];
    }
    return insertUser(tx, {
      isAnonymous: false,
      email: fields.email,
      passwordHash: fields.passwordHash ?? null,
      googleSub: fields.googleSub ?? null,
      userName: fields.userName ?? null,
      fingerprint: fields.fingerprint ?? null,
    });
  }

  /** Mails a link; a mail that cannot be sent is a 503 the client can retry, never a silent loss. */
  async function mailLink(request: FastifyRequest, link: MagicLinkRequest): Promise<void> {
    try {
      await sendMagicLink(db, deps, link);
    } catch (error) {
      request.log.error({ err: error }, 'magic link email failed');
      throw new HttpError(
        503,
        'email_unavailable',
        'We could not send the sign-in email right now. Try again in a minute.',
      );
    }
  }

  return { anonymousCaller, signInTo, createAccount, mailLink };
}

/** What {@link createSignIn} gives the routes. */
export type SignIn = ReturnType<typeof createSignIn>;
