// E-mail sign-in: passwordless (a mailed magic link), following the link, registration (by link, ADR 0290) and
// password login; each folds the calling anonymous user into the account (ADR 0011).
import bcrypt from 'bcryptjs';
import type { FastifyInstance } from 'fastify';
import { findUserByEmail } from '../../../db/accounts.ts';
import { enqueueOutbox } from '../../../db/outbox.ts';
import { badRequest, unauthorized } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody } from '../../../http/validate.ts';
import { consumeMagicLink } from '../magic-links.ts';
import { mergeAnonymousInto } from '../merge.ts';
import type { SignIn } from '../sign-in.ts';
import { guards } from './guards.ts';
import { Login, MagicLinkSignIn, PasswordlessLogin, Register } from './schemas.ts';

// Compared against when the email is unknown, so response time does not reveal which emails exist.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

/** Registers `Authenticate/passwordless-login`, `magic-link-login`, `register` and `login`. */
export function registerEmailRoutes(app: FastifyInstance, deps: FeatureDeps, signIn: SignIn) {
  const { db } = deps;
  const { limited } = guards(deps);
  const { anonymousCaller, signInTo, createAccount, mailLink } = signIn;

  app.post('/Authenticate/passwordless-login', { config: limited }, async (request) => {
    const body = parseBody(PasswordlessLogin, request.body);
    await mailLink(request, { email: body.email, purpose: 'sign-in', destination: body.destination });
    // Same answer whether or not an account exists: no email enumeration.
    return { success: true };
  });

  app.post('/Authenticate/magic-link-login', { config: limited }, async (request) => {
    const body = parseBody(MagicLinkSignIn, request.body);
    const anonymousId = await anonymousCaller(request, body.UserId);
    const now = deps.now();
    const result = await db.transaction(async (tx) => {
      const taken = await consumeMagicLink(tx, body.MagicLinkCode, now);
      if ('error' in taken) return taken;
      const { link } = taken;
      // Two links for one new address followed at once make one account: the second waits, then finds it.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`email:${link.email.toLowerCase()}`]);
      // Following the link proves the address: only now does it become an account's identity. An account
      // that has it already is signed in to; else the caller's own anonymous user becomes it in place, or a
      // new one is made. Never the user who asked for the link from another browser (it may not be the
      // owner): that user is folded into the account like any anonymous visitor, its sessions revoked.
      const existing = await findUserByEmail(tx, link.email);
      const account =
        existing ??
        (await createAccount(tx, anonymousId, {
          email: link.email,
          passwordHash: link.password_hash,
          fingerprint: body.Fingerprint || null,
        }));
      if (link.claim_user_id && link.claim_user_id !== account.id) {
        await mergeAnonymousInto(tx, deps, link.claim_user_id, account.id);
      }
      if (body.IsNConfirmed || body.IsSConfirmed) {
        await tx.query(
          'UPDATE users SET is_n_confirmed = is_n_confirmed OR $2, is_s_confirmed = is_s_confirmed OR $3 WHERE id = $1',
          [account.id, body.IsNConfirmed, body.IsSConfirmed],
        );
      }
      // The caller's anonymous user became the account in place: its other tabs (001 §7
      // registrationNotificationHub) get a session of their own. Only the caller holds that user's tokens.
      if (!existing && anonymousId === account.id) {
        await enqueueOutbox(tx, account.id, 'RegistrationNotification', { userId: account.id }, now);
      }
      const pair = await signInTo(tx, account, existing ? anonymousId : null);
      return { pair: { ...pair, userId: account.id, isNewUser: !existing } } as const;
    });
    if ('pair' in result) return result.pair;
    throw badRequest(
      result.error === 'expired'
        ? 'This sign-in link has expired. Ask for a new one.'
        : 'This sign-in link is invalid or was already used.',
      'MagicLinkCode',
      result.error === 'expired' ? 'magic_link_expired' : 'magic_link_invalid',
    );
  });

  // Registration proves the address like any sign-in: the account is made when the mailed link is followed,
  // with the password chosen here. The answer is the same whether or not the address has an account, so it
  // reveals nothing; the owner of a known address gets a sign-in link instead.
  app.post('/Authenticate/register', { config: limited }, async (request) => {
    const body = parseBody(Register, request.body);
    const anonymousId = await anonymousCaller(request, body.userId);
    const known = await findUserByEmail(db, body.email);
    const passwordHash = known ? null : await bcrypt.hash(body.password, 10);
    await mailLink(
      request,
      known
        ? { email: body.email, purpose: 'already-registered' }
        : { email: body.email, purpose: 'register', claimUserId: anonymousId, passwordHash },
    );
    return { success: true, verificationSent: true };
  });

  app.post('/Authenticate/login', { config: limited }, async (request) => {
    const body = parseBody(Login, request.body);
    const anonymousId = await anonymousCaller(request, body.userId);
    const account = await findUserByEmail(db, body.email);
    const ok = await bcrypt.compare(body.password, account?.password_hash ?? DUMMY_HASH);
    if (!account || !account.password_hash || !ok)
      throw unauthorized('Email or password is incorrect.', 'invalid_credentials');
    const pair = await db.transaction((tx) => signInTo(tx, account, anonymousId));
    return { ...pair, userId: account.id, isNewUser: false };
  });
}
