// Saved sign-in for in-app browsers: the caller saves its own session, another browser takes it once by id.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';
import type { SavedAuthInfo } from '@companion/contracts';
import { currentUser } from '../../../http/auth.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody, parseQuery } from '../../../http/validate.ts';
import { guards } from './guards.ts';
import { GetSavedAuth, SaveAuthBody } from './schemas.ts';

/** Registers `Authenticate/save-auth-token-info` and `GET Authenticate/get-auth-token-info`. */
export function registerSavedAuthRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db, config } = deps;
  const { limited } = guards(deps);

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
}
