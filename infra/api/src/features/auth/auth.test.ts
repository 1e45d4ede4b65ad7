import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_FEATURES, buildApp } from '../../app.ts';
import {
  BACKENDS,
  bearer,
  createTestApp,
  magicCodeFor,
  preRegister,
  registerAccount,
  requestAs,
  testClock,
  testConfig,
} from '../../../test/harness.ts';
import type { TestApp } from '../../../test/harness.ts';
import { REFRESH_REUSE_GRACE_MS } from './sessions.ts';

const GOOGLE_CLIENT = 'test-client.apps.googleusercontent.com';

/** The saved-auth fields (000 §3) for a pre-registered visitor. */
function savedInfoOf(
  s: { accessToken: string; refreshToken: string; userId: string },
  isLightTheme: boolean,
  category: 'anime' | 'realistic' | null,
) {
  const { accessToken, refreshToken, userId: generatedUserId } = s;
  return { isUserLoggedIn: false, accessToken, refreshToken, generatedUserId, isLightTheme, category };
}

describe.each(BACKENDS)('auth on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('Authenticate/*', () => {
    let t: TestApp;
    let jwks: http.Server;
    let googleKey: Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
    const clock = testClock();

    async function googleToken(claims: Record<string, unknown>, audience = GOOGLE_CLIENT): Promise<string> {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer('https://accounts.google.com')
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(googleKey);
    }

    beforeAll(async () => {
      const pair = await generateKeyPair('RS256');
      googleKey = pair.privateKey;
      const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
      // Fake Google: JWKS on GET, token endpoint on POST (the code is the base64url JSON of the ID token's claims).
      jwks = http.createServer((req, res) => {
        if (req.method !== 'POST')
          return void res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ keys: [jwk] }));
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', async () => {
          const form = new URLSearchParams(body);
          if (form.get('client_secret') !== 'shh' || form.get('code') === 'rejected') {
            return void res
              .writeHead(400, { 'content-type': 'application/json' })
              .end('{"error":"invalid_grant"}');
          }
          const claims = JSON.parse(
            Buffer.from(form.get('code') ?? '', 'base64url').toString('utf8'),
          ) as Record<string, unknown>;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ id_token: await googleToken(claims) }));
        });
      });
      await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
      const port = (jwks.address() as AddressInfo).port;
      t = await createTestApp(backend, {
        now: clock.now,
        config: {
          googleClientId: GOOGLE_CLIENT,
          googleJwksUrl: `http://127.0.0.1:${port}/certs`,
          googleClientSecret: 'shh',
          googleTokenUrl: `http://127.0.0.1:${port}/token`,
          devMailViewer: true,
        },
      });
    });
    afterAll(async () => {
      await t?.close();
      jwks?.close();
    });

    const post = (url: string, payload: unknown, token?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/Authenticate/${url}`,
        payload: payload as object,
        headers: token ? bearer(token) : {},
      });

    async function latestMagicCode(email: string): Promise<string> {
      const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      const message = res
        .json<{ messages: Array<{ to: string; text: string }> }>()
        .messages.find((m) => m.to === email);
      const match = /MagicCode=([A-Za-z0-9_-]+)/.exec(message?.text ?? '');
      if (!match) throw new Error(`no magic link for ${email}`);
      return match[1]!;
    }

    it('should pre-register an anonymous user with a webpage claim and exp', async () => {
      const res = await post('pre-register', {
        fingerprint: 'fp-1',
        isNConfirmed: true,
        isSConfirmed: false,
        utmSource: 'tiktok',
        pathname: '/explore',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['accessToken', 'generatedUserId', 'refreshToken']);
      const claims = decodeJwt(body.accessToken);
      expect(claims.sub).toBe(body.generatedUserId);
      expect(claims.webpage).toBe('/explore');
      expect(claims.exp! - claims.iat!).toBe(t.config.accessTokenTtlSeconds);
      const user = await t.app.inject({ method: 'GET', url: '/api/User', headers: bearer(body.accessToken) });
      expect(user.json()).toMatchObject({
        id: body.generatedUserId,
        email: null,
        utmSource: 'tiktok',
        isNConfirmed: true,
      });
    });

    it('should reject a pre-register without fingerprint naming the field', async () => {
      const res = await post('pre-register', { isNConfirmed: true, isSConfirmed: false, pathname: '/' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'fingerprint' });
    });

    it('should reject a pre-register with a wrongly typed flag', async () => {
      const res = await post('pre-register', {
        fingerprint: 'x',
        isNConfirmed: 'yes',
        isSConfirmed: false,
        pathname: '/',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('isNConfirmed');
    });

    it('should answer malformed JSON with 400 invalid_json', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/Authenticate/pre-register',
        headers: { 'content-type': 'application/json' },
        payload: '{"fingerprint":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_json');
    });

    it('should rotate a generated user refresh token and reject it on the registered path', async () => {
      const s = await preRegister(t.app);
      const wrong = await post('refresh-token', {
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        userId: null,
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error.code).toBe('wrong_refresh_path');
      // The refusal above consumed nothing, so the right path still works.
      const res = await post('refresh-generated-user-token', {
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        userId: s.userId,
        isNConfirmed: true,
        isSConfirmed: false,
      });
      expect(res.statusCode).toBe(200);
      const pair = res.json();
      expect(pair.refreshToken).not.toBe(s.refreshToken);
      expect(decodeJwt(pair.accessToken).sub).toBe(s.userId);
      const user = await t.app.inject({ method: 'GET', url: '/api/User', headers: bearer(pair.accessToken) });
      expect(user.json().isNConfirmed).toBe(true);
    });

    it('should revoke the whole family when a refresh token is reused', async () => {
      const s = await preRegister(t.app);
      const body = (refreshToken: string) => ({ accessToken: s.accessToken, refreshToken, userId: s.userId });
      const first = await post('refresh-generated-user-token', body(s.refreshToken));
      expect(first.statusCode).toBe(200);
      // Past the grace window a second use is reuse (inside it, see the next test).
      clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      const reuse = await post('refresh-generated-user-token', body(s.refreshToken));
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().error.code).toBe('refresh_token_reused');
      // The legitimate newer token of the same family is dead too.
      const newer = await post('refresh-generated-user-token', body(first.json().refreshToken));
      expect(newer.statusCode).toBe(401);
      expect(newer.json().error.code).toBe('invalid_refresh_token');
    });

    it('should give two parallel refreshes with one token the same new pair and keep the session', async () => {
      const s = await preRegister(t.app);
      const body = { accessToken: s.accessToken, refreshToken: s.refreshToken, userId: s.userId };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => post('refresh-generated-user-token', body)),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const pairs = new Set(answers.map((answer) => answer.json().refreshToken as string));
      expect(pairs.size).toBe(1);
      // The shared successor still works: the session survived.
      const next = await post('refresh-generated-user-token', { ...body, refreshToken: [...pairs][0] });
      expect(next.statusCode).toBe(200);
      // Reuse detection is kept: the first token, after the grace window, revokes the family.
      clock.advance(REFRESH_REUSE_GRACE_MS + 1);
      const late = await post('refresh-generated-user-token', body);
      expect(late.json().error.code).toBe('refresh_token_reused');
    });

    it('should name the field for malformed refresh, magic-link and login bodies', async () => {
      const refresh = await post('refresh-token', { accessToken: 'a', userId: null });
      expect(refresh.statusCode).toBe(400);
      expect(refresh.json().error.field).toBe('refreshToken');
      const magic = await post('magic-link-login', { Fingerprint: 'fp' });
      expect(magic.json().error.field).toBe('MagicLinkCode');
      const login = await post('login', { email: 'a@example.com' });
      expect(login.json().error.field).toBe('password');
      const unknown = await post('refresh-token', {
        accessToken: 'a',
        refreshToken: 'never-issued',
        userId: null,
      });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json().error.code).toBe('invalid_refresh_token');
    });

    it('should refuse a refresh whose userId names another user', async () => {
      const a = await preRegister(t.app);
      const b = await preRegister(t.app);
      const res = await post('refresh-generated-user-token', {
        accessToken: a.accessToken,
        refreshToken: a.refreshToken,
        userId: b.userId,
      });
      expect(res.statusCode).toBe(401);
    });

    it('should refuse an expired refresh token', async () => {
      const s = await preRegister(t.app);
      clock.advance((t.config.refreshTokenTtlSeconds + 1) * 1000);
      const res = await post('refresh-generated-user-token', {
        accessToken: s.accessToken,
        refreshToken: s.refreshToken,
        userId: s.userId,
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('refresh_token_expired');
    });

    it('should answer 401 for missing, malformed, forged and expired access tokens', async () => {
      const s = await preRegister(t.app);
      const missing = await t.app.inject({ method: 'GET', url: '/api/User' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json().error.code).toBe('missing_token');
      const forged = await t.app.inject({
        method: 'GET',
        url: '/api/User',
        headers: bearer(`${s.accessToken.slice(0, -4)}AAAA`),
      });
      expect(forged.statusCode).toBe(401);
      const garbage = await t.app.inject({
        method: 'GET',
        url: '/api/User',
        headers: { authorization: 'Basic abc' },
      });
      expect(garbage.statusCode).toBe(401);
      clock.advance((t.config.accessTokenTtlSeconds + 1) * 1000);
      const expired = await t.app.inject({ method: 'GET', url: '/api/User', headers: bearer(s.accessToken) });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().error.code).toBe('token_expired');
    });

    it('should register only through the mailed link, log in and refresh on the registered path', async () => {
      const reg = await post('register', { email: 'Reg@Example.com', password: 'correct horse' });
      expect(reg.statusCode).toBe(200);
      expect(reg.json()).toEqual({ success: true, verificationSent: true });
      // No account until the address is proven: the password does not sign in yet.
      expect((await post('login', { email: 'reg@example.com', password: 'correct horse' })).statusCode).toBe(
        401,
      );
      const signIn = await post('magic-link-login', { MagicLinkCode: magicCodeFor(t, 'reg@example.com') });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.json().isNewUser).toBe(true);
      expect(decodeJwt(signIn.json().accessToken).webpage).toBeUndefined();
      // A second sign-up with a known address answers exactly like a new one and mails its owner instead.
      const dup = await post('register', { email: 'reg@example.com', password: 'another pass' });
      expect(dup.statusCode).toBe(200);
      expect(dup.json()).toEqual(reg.json());
      expect(t.mails.at(-1)).toMatchObject({ to: 'reg@example.com', subject: 'You already have an account' });
      expect((await post('login', { email: 'reg@example.com', password: 'another pass' })).statusCode).toBe(
        401,
      );
      const bad = await post('login', { email: 'reg@example.com', password: 'wrong password' });
      expect(bad.statusCode).toBe(401);
      expect(bad.json().error.code).toBe('invalid_credentials');
      const unknown = await post('login', { email: 'nobody@example.com', password: 'whatever1' });
      expect(unknown.statusCode).toBe(401);
      const login = await post('login', { email: 'reg@example.com', password: 'correct horse' });
      expect(login.statusCode).toBe(200);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/User',
        headers: bearer(login.json().accessToken),
      });
      expect(user.json().email).toBe('reg@example.com');
      const refreshed = await post('refresh-token', {
        accessToken: login.json().accessToken,
        refreshToken: login.json().refreshToken,
        userId: null,
      });
      expect(refreshed.statusCode).toBe(200);
      const generatedPath = await post('refresh-generated-user-token', {
        accessToken: login.json().accessToken,
        refreshToken: refreshed.json().refreshToken,
        userId: null,
      });
      expect(generatedPath.statusCode).toBe(401);
      expect(generatedPath.json().error.code).toBe('wrong_refresh_path');
    });

    it('should make one account of two parallel sign-ups with the same email', async () => {
      const results = await Promise.all(
        [1, 2].map(() => post('register', { email: 'race@example.com', password: 'password1' })),
      );
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const codes = t.mails
        .filter((m) => m.to === 'race@example.com')
        .map((m) => /MagicCode=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
      const signIns = await Promise.all(
        codes.map((code) => post('magic-link-login', { MagicLinkCode: code })),
      );
      expect(signIns.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(new Set(signIns.map((r) => r.json().userId)).size).toBe(1);
      const rows = await t.db.query("SELECT 1 FROM users WHERE email = 'race@example.com'");
      expect(rows).toHaveLength(1);
    });

    it('should validate register fields', async () => {
      const short = await post('register', { email: 'short@example.com', password: '123' });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.field).toBe('password');
      const email = await post('register', { email: 'not-an-email', password: '12345678' });
      expect(email.json().error.field).toBe('email');
    });

    it('should upgrade the calling anonymous user in place on register, keeping its id and tokens', async () => {
      const s = await preRegister(t.app);
      await t.db.transaction((tx) =>
        import('../tokens/ledger.ts').then((l) =>
          l.credit(tx, { userId: s.userId, amount: 7, reason: 'test' }),
        ),
      );
      const reg = await registerAccount(t, 'upgrade@example.com', 'password1', s);
      expect(reg.userId).toBe(s.userId);
      const balance = await requestAs(t.app, reg, 'GET', '/api/Tokens/balance');
      expect(balance.json().remainingTokens).toBe(7);
    });

    it('should merge an anonymous visitor into an existing account on login', async () => {
      await registerAccount(t, 'merge@example.com');
      const anon = await preRegister(t.app);
      await t.db.transaction((tx) =>
        import('../tokens/ledger.ts').then((l) =>
          l.credit(tx, { userId: anon.userId, amount: 5, reason: 'test' }),
        ),
      );
      await requestAs(t.app, anon, 'POST', '/api/User/nsfw-confirmation');
      const login = await post(
        'login',
        { email: 'merge@example.com', password: 'password1', userId: anon.userId },
        anon.accessToken,
      );
      expect(login.statusCode).toBe(200);
      expect(login.json().userId).not.toBe(anon.userId);
      const headers = bearer(login.json().accessToken);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/Tokens/balance', headers })).json().remainingTokens,
      ).toBe(5);
      expect((await t.app.inject({ method: 'GET', url: '/api/User', headers })).json().isNConfirmed).toBe(
        true,
      );
      // The anonymous identity is retired: its old token answers 410, its tokens are gone.
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/User', headers: bearer(anon.accessToken) }))
          .statusCode,
      ).toBe(410);
      const ledger = await t.db.query<{ reason: string; delta: number }>(
        'SELECT reason, delta FROM token_ledger WHERE user_id = $1 ORDER BY id',
        [anon.userId],
      );
      expect(ledger.map((r) => [r.reason, r.delta])).toEqual([
        ['test', 5],
        ['merge_out', -5],
      ]);
    });

    it('should ignore a merge userId that the bearer token does not prove', async () => {
      await registerAccount(t, 'victim@example.com');
      const victim = await preRegister(t.app);
      const attacker = await preRegister(t.app);
      const login = await post(
        'login',
        { email: 'victim@example.com', password: 'password1', userId: victim.userId },
        attacker.accessToken,
      );
      expect(login.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/User', headers: bearer(victim.accessToken) }))
          .statusCode,
      ).toBe(200);
    });

    it('should sign in with a single-use magic link from the outbox', async () => {
      const anon = await preRegister(t.app);
      const ask = await post('passwordless-login', { email: 'magic@example.com', destination: 'settings' });
      expect(ask.statusCode).toBe(200);
      expect(ask.json()).toEqual({ success: true });
      const code = await latestMagicCode('magic@example.com');
      const payload = {
        Fingerprint: 'fp',
        MagicLinkCode: code,
        IsNConfirmed: false,
        IsSConfirmed: true,
        UserId: anon.userId,
      };
      const res = await post('magic-link-login', payload, anon.accessToken);
      expect(res.statusCode).toBe(200);
      expect(res.json().userId).toBe(anon.userId);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/User',
        headers: bearer(res.json().accessToken),
      });
      expect(user.json()).toMatchObject({ email: 'magic@example.com', isSConfirmed: true });
      const again = await post('magic-link-login', payload);
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({ code: 'magic_link_invalid', field: 'MagicLinkCode' });
    });

    it('should refuse an expired magic link', async () => {
      await post('passwordless-login', { email: 'late@example.com' });
      const code = await latestMagicCode('late@example.com');
      clock.advance((t.config.magicLinkTtlSeconds + 1) * 1000);
      const res = await post('magic-link-login', { MagicLinkCode: code });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('magic_link_expired');
    });

    it('should answer 503 email_unavailable when the mail cannot be sent', async () => {
      const failing = { kind: 'smtp' as const, send: () => Promise.reject(new Error('smtp down')) };
      const app = await buildApp({
        features: CORE_FEATURES,
        config: testConfig(),
        db: t.db,
        mailer: failing,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/api/Authenticate/passwordless-login',
        payload: { email: 'down@example.com' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('email_unavailable');
      expect(res.body).not.toContain('smtp down');
      await app.close();
    });

    it('should validate passwordless-login input', async () => {
      const res = await post('passwordless-login', { email: 'nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('email');
    });

    it('should sign in with a verified Google ID token and reuse the account next time', async () => {
      const anon = await preRegister(t.app);
      const token = await googleToken({
        sub: 'g-123',
        email: 'g@example.com',
        email_verified: true,
        name: 'Gee',
      });
      const res = await post(
        'google-signin',
        { googleAccessToken: token, fingerprint: 'fp', terms: true, userId: anon.userId },
        anon.accessToken,
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ userId: anon.userId, isNewUser: true });
      const again = await post('google-signin', {
        googleAccessToken: token,
        fingerprint: 'fp',
        terms: false,
        userId: null,
      });
      expect(again.json()).toMatchObject({ userId: anon.userId, isNewUser: false });
    });

    it('should reject Google tokens for another audience, and new accounts without terms', async () => {
      const wrongAud = await post('google-signin', {
        googleAccessToken: await googleToken({ sub: 'g-9' }, 'someone-else'),
        terms: true,
        userId: null,
      });
      expect(wrongAud.statusCode).toBe(401);
      expect(wrongAud.json().error.code).toBe('invalid_google_token');
      const noTerms = await post('google-signin', {
        googleAccessToken: await googleToken({ sub: 'g-new' }),
        terms: false,
        userId: null,
      });
      expect(noTerms.statusCode).toBe(400);
      expect(noTerms.json().error.field).toBe('terms');
    });

    it('should answer 404 for Google sign-in when no client id is configured', async () => {
      const app = await buildApp({ features: CORE_FEATURES, config: testConfig(), db: t.db });
      const res = await app.inject({
        method: 'POST',
        url: '/api/Authenticate/google-signin',
        payload: { googleAccessToken: 'x', terms: true, userId: null },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('google_signin_disabled');
      await app.close();
    });

    it('should run the Google web flow from start/web to a landing URL with tokens, upgrading the visitor', async () => {
      const anon = await preRegister(t.app);
      const start = await t.app.inject({
        method: 'GET',
        url: `/api/Authenticate/start/web?accessToken=${anon.accessToken}&fingerprint=fp-web`,
      });
      expect(start.statusCode).toBe(302);
      const google = new URL(start.headers.location as string);
      expect(google.origin + google.pathname).toBe(t.config.googleAuthUrl);
      expect(google.searchParams.get('client_id')).toBe(GOOGLE_CLIENT);
      expect(google.searchParams.get('redirect_uri')).toBe(
        `${t.config.publicUrl}/api/Authenticate/google-callback`,
      );
      const state = google.searchParams.get('state')!;
      const code = Buffer.from(
        JSON.stringify({ sub: 'g-web', email: 'web@example.com', email_verified: true }),
      ).toString('base64url');
      const back = await t.app.inject({
        method: 'GET',
        url: `/api/Authenticate/google-callback?code=${code}&state=${encodeURIComponent(state)}`,
      });
      expect(back.statusCode).toBe(302);
      const landed = new URL(back.headers.location as string);
      expect(landed.searchParams.get('register')).toBe('true');
      expect(decodeJwt(landed.searchParams.get('access_token')!).sub).toBe(anon.userId);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/User',
        headers: bearer(landed.searchParams.get('access_token')!),
      });
      expect(user.json().email).toBe('web@example.com');
    });

    it('should land Google web flow failures on /?authError=', async () => {
      const start = await t.app.inject({ method: 'GET', url: '/api/Authenticate/start/web' });
      const state = new URL(start.headers.location as string).searchParams.get('state')!;
      const errorOf = async (url: string) =>
        new URL((await t.app.inject({ method: 'GET', url })).headers.location as string).searchParams.get(
          'authError',
        );
      expect(await errorOf(`/api/Authenticate/google-callback?code=x&state=forged`)).toBe(
        'google_state_invalid',
      );
      expect(
        await errorOf(`/api/Authenticate/google-callback?code=rejected&state=${encodeURIComponent(state)}`),
      ).toBe('google_code_rejected');
      expect(await errorOf('/api/Authenticate/google-callback?error=access_denied')).toBe('google_cancelled');
      const app = await buildApp({ features: CORE_FEATURES, config: testConfig(), db: t.db });
      const off = await app.inject({ method: 'GET', url: '/api/Authenticate/start/web' });
      expect(new URL(off.headers.location as string).searchParams.get('authError')).toBe(
        'google_signin_disabled',
      );
      await app.close();
    });

    it('should answer 503 google_unavailable when Google keys cannot be fetched', async () => {
      const config = testConfig({ googleClientId: GOOGLE_CLIENT, googleJwksUrl: 'http://127.0.0.1:1/certs' });
      const app = await buildApp({ features: CORE_FEATURES, config, db: t.db });
      const token = await googleToken({ sub: 'g-x' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/Authenticate/google-signin',
        payload: { googleAccessToken: token, terms: true, userId: null },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('google_unavailable');
      await app.close();
    });

    it('should log a generated user back in with its fingerprint only', async () => {
      const s = await preRegister(t.app, 'fp-known');
      const ok = await post('login-pre-register', { userId: s.userId, fingerprint: 'fp-known' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().generatedUserId).toBe(s.userId);
      const bad = await post('login-pre-register', { userId: s.userId, fingerprint: 'fp-other' });
      expect(bad.statusCode).toBe(401);
      const invalid = await post('login-pre-register', { userId: 'not-a-uuid', fingerprint: 'x' });
      expect(invalid.json().error.field).toBe('userId');
    });

    it('should update allowed feature flags and reject unknown or guarded ones', async () => {
      const s = await preRegister(t.app);
      const ok = await post('update-feature-flags', { experimentShowWhiteTheme: true }, s.accessToken);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().userFeatures.experimentShowWhiteTheme).toBe(true);
      const user = await t.app.inject({ method: 'GET', url: '/api/User', headers: bearer(s.accessToken) });
      expect(user.json().userFeatures).toMatchObject({
        experimentShowWhiteTheme: true,
        hasConfirmedAge: false,
        preferredPaymentMethod: 'solidgate',
      });
      const guarded = await post('update-feature-flags', { hasConfirmedAge: true }, s.accessToken);
      expect(guarded.statusCode).toBe(400);
      const noAuth = await post('update-feature-flags', { experimentShowWhiteTheme: true });
      expect(noAuth.statusCode).toBe(401);
    });

    it('should hand saved auth to another browser exactly once', async () => {
      const s = await preRegister(t.app);
      const info = savedInfoOf(s, true, 'anime');
      const saved = await post(
        'save-auth-token-info',
        { authTokenInfoToSave: JSON.stringify(info) },
        s.accessToken,
      );
      expect(saved.statusCode).toBe(200);
      const url = `/api/Authenticate/get-auth-token-info?savedInfoId=${saved.json().savedToken}`;
      const first = await t.app.inject({ method: 'GET', url });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual(info);
      const second = await t.app.inject({ method: 'GET', url });
      expect(second.statusCode).toBe(404);
      const other = await preRegister(t.app);
      const stolen = await post(
        'save-auth-token-info',
        { authTokenInfoToSave: { ...info, accessToken: other.accessToken } },
        s.accessToken,
      );
      expect(stolen.statusCode).toBe(400);
      const badId = await t.app.inject({
        method: 'GET',
        url: '/api/Authenticate/get-auth-token-info?savedInfoId=123',
      });
      expect(badId.json().error.field).toBe('savedInfoId');
    });

    it('should accept authTokenInfoToSave as a JSON string and still as an object (000 §7)', async () => {
      const s = await preRegister(t.app);
      const info = savedInfoOf(s, false, 'realistic');
      for (const authTokenInfoToSave of [JSON.stringify(info), info]) {
        const saved = await post('save-auth-token-info', { authTokenInfoToSave }, s.accessToken);
        expect(saved.statusCode).toBe(200);
        const read = await t.app.inject({
          method: 'GET',
          url: `/api/Authenticate/get-auth-token-info?savedInfoId=${saved.json().savedToken}`,
        });
        expect(read.json()).toEqual(info);
      }
      const broken = await post(
        'save-auth-token-info',
        { authTokenInfoToSave: '{"isUserLoggedIn":' },
        s.accessToken,
      );
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.field).toBe('authTokenInfoToSave');
    });

    it('should expire saved auth after its short lifetime', async () => {
      const s = await preRegister(t.app);
      const info = savedInfoOf(s, false, null);
      const saved = await post('save-auth-token-info', info, s.accessToken);
      clock.advance((t.config.savedAuthTtlSeconds + 1) * 1000);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Authenticate/get-auth-token-info?savedInfoId=${saved.json().savedToken}`,
      });
      expect(res.statusCode).toBe(404);
    });

    it('should rate-limit auth endpoints with 429', async () => {
      const app = await buildApp({
        features: CORE_FEATURES,
        config: testConfig({ authRateLimitPerMinute: 2 }),
        db: t.db,
      });
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/Authenticate/login',
          payload: { email: 'x@example.com', password: 'wrongpass' },
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('rate_limited');
      }
      expect(codes).toEqual([401, 401, 429]);
      await app.close();
    });
  });
});
