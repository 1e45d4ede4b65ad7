import crypto from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { PreRegisterResponse, SavedAuthInfo, TokenPair } from '@companion/contracts';
import { TOKEN_RULES } from '../../config.ts';
import { findUser, findUserByEmail, insertUser, userFeatures } from '../../db/accounts.ts';
import type { UserRow } from '../../db/accounts.ts';
import type { Queryable } from '../../db/database.ts';
import { enqueueOutbox } from '../../db/outbox.ts';
import { bearerToken, createAuthenticator, currentUser } from '../../http/auth.ts';
import { HttpError, badRequest, gone, notFound, unauthorized } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { createGoogleVerifier } from './google.ts';
import type { GoogleIdentity } from './google.ts';
import { consumeMagicLink, sendMagicLink } from './magic-links.ts';
import type { MagicLinkRequest } from './magic-links.ts';
import { mergeAnonymousInto } from './merge.ts';
import {
  FeatureFlags,
  GetSavedAuth,
  GoogleCallback,
  GoogleSignIn,
  Login,
  LoginPreRegister,
  MagicLinkSignIn,
  PasswordlessLogin,
  PreRegister,
  Refresh,
  Register,
  SaveAuthBody,
  StartWeb,
} from './routes/schemas.ts';
import { consumeRefreshToken, issueSession, rememberSuccessor } from './sessions.ts';

/** The two refresh paths (spec: "two configured paths, not shown"); ADR 0011. */
export const REFRESH_PATHS = {
  generatedUser: '/Authenticate/refresh-generated-user-token',
  registeredUser: '/Authenticate/refresh-token',
} as const;

// Compared against when the email is unknown, so response time does not reveal which emails exist.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', 10);

/** Sessions: pre-register, refresh (two paths), magic link, login/register, Google, saved auth for in-app browsers. */
export const authFeature: FeaturePlugin = async (app, deps) => {
  const { db, config } = deps;
  const authenticator = createAuthenticator({ db, jwtKey: deps.jwtKey, now: deps.now });
  const verifyGoogle = createGoogleVerifier(config);
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000 } };

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

  app.post(
    '/Authenticate/pre-register',
    { config: limited },
    async (request): Promise<PreRegisterResponse> => {
      const body = parseBody(PreRegister, request.body);
      return db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          isAnonymous: true,
          fingerprint: body.fingerprint,
          utmSource: body.utmSource ?? null,
          url: body.url ?? null,
          webpage: body.pathname || '/',
          isNConfirmed: body.isNConfirmed,
          isSConfirmed: body.isSConfirmed,
        });
        if (TOKEN_RULES.welcomeTokens > 0) {
          await deps.ledger.credit(tx, {
            userId: user.id,
            amount: TOKEN_RULES.welcomeTokens,
            reason: 'welcome',
            refId: user.id,
          });
        }
        const pair = await issueSession(tx, deps, user);
        return { ...pair, generatedUserId: user.id };
      });
    },
  );

  async function refresh(request: FastifyRequest, requireAnonymous: boolean): Promise<TokenPair> {
    const body = parseBody(Refresh, request.body);
    const now = deps.now();
    const result = await db.transaction(async (tx) => {
      const outcome = await consumeRefreshToken(tx, body.refreshToken, now, {
        userId: body.userId ?? null,
        anonymous: requireAnonymous,
      });
      // Reuse revoked the family: commit that, then answer 401 outside the transaction.
      if (!outcome.ok) return { error: outcome.reason } as const;
      if (outcome.replay) return { pair: outcome.replay } as const;
      const user = await findUser(tx, outcome.userId, true);
      if (!user) return { error: 'unknown' } as const;
      // Spec: confirmations held on the client are sent with each refresh; they only ever turn on.
      if (body.isNConfirmed || body.isSConfirmed) {
        await tx.query(
          'UPDATE users SET is_n_confirmed = is_n_confirmed OR $2, is_s_confirmed = is_s_confirmed OR $3, updated_at = $4 WHERE id = $1',
          [user.id, body.isNConfirmed ?? false, body.isSConfirmed ?? false, now],
        );
      }
      const pair = await issueSession(tx, deps, user, outcome.familyId);
      await rememberSuccessor(tx, body.refreshToken, pair);
      return { pair } as const;
    });
    if (result.pair) return result.pair;
    switch (result.error) {
      case 'deleted':
        throw gone();
      case 'reused':
        throw unauthorized(
          'Refresh token was already used; every session of this sign-in has been revoked.',
          'refresh_token_reused',
        );
      case 'expired':
        throw unauthorized('Refresh token has expired.', 'refresh_token_expired');
      case 'wrong_path':
        throw unauthorized(
          requireAnonymous
            ? 'This account is registered: refresh on /api/Authenticate/refresh-token.'
            : 'Generated users refresh on /api/Authenticate/refresh-generated-user-token.',
          'wrong_refresh_path',
        );
      default:
        throw unauthorized('Refresh token is invalid.', 'invalid_refresh_token');
    }
  }

  app.post(REFRESH_PATHS.generatedUser, { config: limited }, (request) => refresh(request, true));
  app.post(REFRESH_PATHS.registeredUser, { config: limited }, (request) => refresh(request, false));

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

  /** Signs in with a verified Google identity: by Google `sub`, else by a Google-verified email, else a new account. */
  async function googleSignIn(
    identity: GoogleIdentity,
    anonymousId: string | null,
    terms: boolean,
    fingerprint: string | null,
  ): Promise<TokenPair & { userId: string; isNewUser: boolean }> {
    return db.transaction(async (tx) => {
      const bySub = await tx.query<UserRow>(
        'SELECT * FROM users WHERE google_sub = $1 AND deleted_at IS NULL',
        [identity.sub],
      );
      // Link by email only when Google vouches for it, else anyone could claim an email account.
      let existing =
        bySub[0] ??
        (identity.email && identity.emailVerified ? await findUserByEmail(tx, identity.email) : null);
      if (existing && !existing.google_sub) {
        await tx.query('UPDATE users SET google_sub = $2 WHERE id = $1', [existing.id, identity.sub]);
        existing = { ...existing, google_sub: identity.sub };
      }
      if (!existing && !terms)
        throw badRequest('Accept the terms to create an account.', 'terms', 'terms_not_accepted');
      const account =
        existing ??
        (await createAccount(tx, anonymousId, {
          email: identity.emailVerified ? identity.email : null,
          googleSub: identity.sub,
          userName: identity.name,
          fingerprint,
        }));
      const pair = await signInTo(tx, account, existing ? anonymousId : null);
      return { ...pair, userId: account.id, isNewUser: !existing };
    });
  }

  app.post('/Authenticate/google-signin', { config: limited }, async (request) => {
    const body = parseBody(GoogleSignIn, request.body);
    const identity = await verifyGoogle(body.googleAccessToken);
    const anonymousId = await anonymousCaller(request, body.userId);
    return googleSignIn(identity, anonymousId, body.terms, body.fingerprint ?? null);
  });

  // Server-side Google web flow (spec route `/api/Authenticate/start/web`, "external sign-in start"): the browser
  // navigates here, goes to Google, comes back to `google-callback`, and lands on the site with
  // `access_token`, `refresh_token` and `register` in the query (spec 000 §2 "Google return"). Errors land on
  // `/?authError=<code>` because a navigation cannot show a JSON body.
  const callbackUrl = new URL('/api/Authenticate/google-callback', config.publicUrl).toString();
  const landing = (params: Record<string, string>) => {
    const url = new URL('/', config.publicUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  };

  app.get('/Authenticate/start/web', { config: limited }, async (request, reply) => {
    const query = parseQuery(StartWeb, request.query);
    if (!config.googleClientId || !config.googleClientSecret)
      return reply.redirect(landing({ authError: 'google_signin_disabled' }));
    // The anonymous visitor is proven by its (short-lived) access token, as with the bearer header elsewhere.
    const anonymous = query.accessToken ? await authenticator(query.accessToken) : null;
    const state = await new SignJWT({
      anon: anonymous?.ok && anonymous.isAnonymous ? anonymous.userId : null,
      fp: query.fingerprint ?? null,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience('google-web-state')
      .setIssuedAt(Math.floor(deps.now().getTime() / 1000))
      .setExpirationTime(Math.floor(deps.now().getTime() / 1000) + 600)
      .sign(deps.jwtKey);
    const url = new URL(config.googleAuthUrl);
    url.search = new URLSearchParams({
      client_id: config.googleClientId,
      redirect_uri: callbackUrl,
      response_type: 'code',
      scope: 'openid email profile',
      state,
      prompt: 'select_account',
    }).toString();
    return reply.redirect(url.toString());
  });

  app.get('/Authenticate/google-callback', { config: limited }, async (request, reply) => {
    const query = parseQuery(GoogleCallback, request.query);
    if (!config.googleClientId || !config.googleClientSecret)
      return reply.redirect(landing({ authError: 'google_signin_disabled' }));
    if (query.error || !query.code || !query.state)
      return reply.redirect(landing({ authError: 'google_cancelled' }));
    let state: { anon: string | null; fp: string | null };
    try {
      const verified = await jwtVerify(query.state, deps.jwtKey, {
        algorithms: ['HS256'],
        audience: 'google-web-state',
        currentDate: deps.now(),
      });
      state = verified.payload as unknown as typeof state;
    } catch {
      return reply.redirect(landing({ authError: 'google_state_invalid' }));
    }
    try {
      const response = await fetch(config.googleTokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          code: query.code,
          client_id: config.googleClientId,
          client_secret: config.googleClientSecret,
          redirect_uri: callbackUrl,
          grant_type: 'authorization_code',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const tokens = (await response.json().catch(() => ({}))) as { id_token?: string };
      if (!response.ok || !tokens.id_token)
        return reply.redirect(landing({ authError: 'google_code_rejected' }));
      const identity = await verifyGoogle(tokens.id_token);
      const session = await googleSignIn(identity, state.anon, true, state.fp);
      return reply.redirect(
        landing({
          access_token: session.accessToken,
          refresh_token: session.refreshToken,
          register: String(session.isNewUser),
        }),
      );
    } catch (error) {
      const code = error instanceof HttpError ? error.code : 'google_unavailable';
      if (!(error instanceof HttpError)) request.log.error({ err: error }, 'google web sign-in failed');
      return reply.redirect(landing({ authError: code }));
    }
  });

  // Spec: "login-pre-register", body not shown. Ours: a generated user whose tokens were lost gets a
  // new session by proving the fingerprint it registered with (ADR 0011; anonymous users only).
  app.post('/Authenticate/login-pre-register', { config: limited }, async (request) => {
    const body = parseBody(LoginPreRegister, request.body);
    return db.transaction(async (tx) => {
      const user = await findUser(tx, body.userId);
      if (user?.deleted_at) throw gone();
      if (!user || !user.is_anonymous || user.fingerprint !== body.fingerprint) {
        throw unauthorized('Unknown generated user or fingerprint does not match.', 'invalid_credentials');
      }
      const pair = await issueSession(tx, deps, user);
      return { ...pair, generatedUserId: user.id };
    });
  });

  app.post('/Authenticate/update-feature-flags', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const flags = parseBody(FeatureFlags, request.body);
    const rows = await db.query<UserRow>(
      'UPDATE users SET features = features || $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING features',
      [user.id, JSON.stringify(flags), deps.now()],
    );
    return { userFeatures: userFeatures(rows[0]!) };
  });

  app.post('/Authenticate/save-auth-token-info', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const info: SavedAuthInfo = parseBody(SaveAuthBody, request.body).authTokenInfoToSave;
    // Only your own session can be handed over: the saved access token must be the caller's.
    const sub = await jwtVerify(info.accessToken, deps.jwtKey, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    }).then(
      (r) => r.payload.sub,
      () => null,
    );
    if (sub !== user.id)
      throw badRequest('accessToken must be your current access token.', 'authTokenInfoToSave.accessToken');
    const id = crypto.randomUUID();
    const now = deps.now();
    await db.query(
      'INSERT INTO saved_auth (id, user_id, payload, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
      [id, user.id, JSON.stringify(info), now, new Date(now.getTime() + config.savedAuthTtlSeconds * 1000)],
    );
    return { savedToken: id };
  });

  app.get(
    '/Authenticate/get-auth-token-info',
    { config: limited },
    async (request): Promise<SavedAuthInfo> => {
      const { savedInfoId } = parseQuery(GetSavedAuth, request.query);
      const now = deps.now();
      // Single use: the UPDATE both checks and consumes, so two readers cannot both win.
      const rows = await db.query<{ payload: SavedAuthInfo }>(
        'UPDATE saved_auth SET used_at = $2 WHERE id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING payload',
        [savedInfoId, now],
      );
      if (!rows[0])
        throw notFound('Saved sign-in not found, expired or already used.', 'saved_auth_not_found');
      const p = rows[0].payload;
      return {
        generatedUserId: p.generatedUserId,
        accessToken: p.accessToken,
        refreshToken: p.refreshToken,
        isUserLoggedIn: p.isUserLoggedIn,
        category: p.category,
        isLightTheme: p.isLightTheme,
      };
    },
  );
};
