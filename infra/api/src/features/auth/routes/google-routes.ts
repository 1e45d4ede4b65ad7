// Google sign-in: with a Google token from the client (`google-signin`), and the server-side web flow
// (`start/web` → Google → `google-callback`) that lands on the site with the session in the query.
import type { FastifyInstance } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import type { TokenPair } from '@companion/contracts';
import { findUserByEmail } from '../../../db/accounts.ts';
import type { UserRow } from '../../../db/accounts.ts';
import type { AuthResult } from '../../../http/auth.ts';
import { HttpError, badRequest } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody, parseQuery } from '../../../http/validate.ts';
import { createGoogleVerifier } from '../google.ts';
import type { GoogleIdentity } from '../google.ts';
import type { SignIn } from '../sign-in.ts';
import { guards } from './guards.ts';
import { GoogleCallback, GoogleSignIn, StartWeb } from './schemas.ts';

/** Registers `Authenticate/google-signin`, `GET Authenticate/start/web` and `GET Authenticate/google-callback`. */
export function registerGoogleRoutes(
  app: FastifyInstance,
  deps: FeatureDeps,
  signIn: SignIn,
  authenticator: (token: string) => Promise<AuthResult>,
) {
  const { db, config } = deps;
  const verifyGoogle = createGoogleVerifier(config);
  const { limited } = guards(deps);
  const { anonymousCaller, signInTo, createAccount } = signIn;

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
}
