// Magic links: the one proof that an e-mail address belongs to the person using it (ADR 0290). An address
// becomes an account's identity only when a link sent to it is followed; until then it is a contact.

import crypto from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import type { FeatureDeps } from '../../http/feature.ts';
import { hashSecret } from './sessions.ts';

/** Why a link is sent: each has its own e-mail, so the reader knows what following it does. */
export type MagicLinkPurpose = 'sign-in' | 'register' | 'already-registered' | 'purchase-claim';

export interface MagicLinkRequest {
  email: string;
  purpose: MagicLinkPurpose;
  /** Where the client goes after signing in (000 §6: settings or main). */
  destination?: 'settings' | 'main' | undefined;
  /** The anonymous user whose purchase or sign-up asked for the proof: folded into the account it proves. */
  claimUserId?: string | null;
  /** A password chosen at registration: set on the account only when the link creates it. */
  passwordHash?: string | null;
}

const SUBJECTS: Record<MagicLinkPurpose, string> = {
  'sign-in': 'Your sign-in link',
  register: 'Confirm your e-mail to finish signing up',
  'already-registered': 'You already have an account',
  'purchase-claim': 'Confirm your e-mail to keep your purchase',
};

function body(purpose: MagicLinkPurpose, link: string, minutes: number): string {
  const expiry = `The link works once and expires in ${minutes} minutes.`;
  switch (purpose) {
    case 'register':
      return `Click to confirm your e-mail and sign in: ${link}\n\n${expiry} If you did not sign up, ignore this email: no account is created without it.`;
    case 'already-registered':
      return `Someone, maybe you, tried to create an account with this e-mail, but you already have one. Click to sign in: ${link}\n\n${expiry} If it was not you, ignore this email: nothing changed.`;
    case 'purchase-claim':
      return `Thank you for your purchase. Click to confirm this is your e-mail: your purchase moves to your account and you can sign in on any device: ${link}\n\n${expiry} If you did not make this purchase, ignore this email: nothing is added to your account without it.`;
    default:
      return `Click to sign in: ${link}\n\n${expiry} If you did not ask for it, ignore this email.`;
  }
}

/** Stores a new single-use link for `request.email` (only its hash) and returns the URL to mail. */
export async function createMagicLink(
  db: Queryable,
  deps: Pick<FeatureDeps, 'config' | 'now'>,
  request: MagicLinkRequest,
): Promise<URL> {
  const code = crypto.randomBytes(24).toString('base64url');
  const now = deps.now();
  await db.query(
    `INSERT INTO magic_links (code_hash, email, created_at, expires_at, claim_user_id, password_hash)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      hashSecret(code),
      request.email,
      now,
      new Date(now.getTime() + deps.config.magicLinkTtlSeconds * 1000),
      request.claimUserId ?? null,
      request.passwordHash ?? null,
    ],
  );
  const link = new URL('/', deps.config.publicUrl);
  link.searchParams.set('MagicCode', code);
  if (request.destination) link.searchParams.set('destination', request.destination);
  return link;
}

/** Creates a link and mails it; a mail failure is thrown to the caller (a 503, or the outbox's retry). */
export async function sendMagicLink(
  db: Queryable,
  deps: Pick<FeatureDeps, 'config' | 'now' | 'mailer'>,
  request: MagicLinkRequest,
): Promise<void> {
  const link = await createMagicLink(db, deps, request);
  const minutes = Math.round(deps.config.magicLinkTtlSeconds / 60);
  await deps.mailer.send({
    to: request.email,
    subject: SUBJECTS[request.purpose],
    text: body(request.purpose, link.toString(), minutes),
  });
}

/** A followed link, locked for the caller's transaction. */
export interface MagicLinkRow {
  email: string;
  expires_at: Date;
  used_at: Date | null;
  claim_user_id: string | null;
  password_hash: string | null;
}

/** Takes the link named by `code` once: `invalid` (unknown or used) or `expired`, else the row, now used. */
export async function consumeMagicLink(
  tx: Queryable,
  code: string,
  now: Date,
): Promise<{ error: 'invalid' | 'expired' } | { link: MagicLinkRow }> {
  const rows = await tx.query<MagicLinkRow>(
    'SELECT email, expires_at, used_at, claim_user_id, password_hash FROM magic_links WHERE code_hash = $1 FOR UPDATE',
    [hashSecret(code)],
  );
  const link = rows[0];
  if (!link || link.used_at) return { error: 'invalid' };
  if (link.expires_at.getTime() <= now.getTime()) return { error: 'expired' };
  // The password hash is needed once, by this transaction; it is not kept on a used link.
  await tx.query('UPDATE magic_links SET used_at = $2, password_hash = NULL WHERE code_hash = $1', [
    hashSecret(code),
    now,
  ]);
  return { link };
}
