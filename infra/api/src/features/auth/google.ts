import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { HttpError } from '../../http/errors.ts';

/** What we keep from a verified Google ID token. */
export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Verifies Google ID tokens against the configured client id and JWKS (keys cached by jose). */
export function createGoogleVerifier(config: { googleClientId: string | null; googleJwksUrl: string }) {
  const clientId = config.googleClientId;
  const jwks = clientId ? createRemoteJWKSet(new URL(config.googleJwksUrl), { timeoutDuration: 5000 }) : null;
  return async (idToken: string): Promise<GoogleIdentity> => {
    if (!clientId || !jwks) {
      // Not offered here, like a route that does not exist: a client error, never a 5xx.
      throw new HttpError(
        404,
        'google_signin_disabled',
        'Google sign-in is not configured on this server (GOOGLE_CLIENT_ID).',
      );
    }
    try {
      const { payload } = await jwtVerify(idToken, jwks, {
        audience: clientId,
        issuer: ['https://accounts.google.com', 'accounts.google.com'],
      });
      if (!payload.sub) throw new HttpError(401, 'invalid_google_token', 'Google token has no subject.');
      return {
        sub: payload.sub,
        email: typeof payload.email === 'string' ? payload.email : null,
        emailVerified: payload.email_verified === true || payload.email_verified === 'true',
        name: typeof payload.name === 'string' ? payload.name : null,
      };
    } catch (error) {
      if (error instanceof HttpError) throw error;
      // Network failures (fetch TypeError) and a broken key set are our problem, not the user's token.
      const unreachable =
        !(error instanceof joseErrors.JOSEError) ||
        error instanceof joseErrors.JWKSTimeout ||
        error instanceof joseErrors.JWKSInvalid;
      if (unreachable)
        throw new HttpError(
          503,
          'google_unavailable',
          'Could not reach Google to verify the sign-in. Try again.',
        );
      throw new HttpError(
        401,
        'invalid_google_token',
        'Google sign-in token is invalid or expired.',
        'googleAccessToken',
      );
    }
  };
}
