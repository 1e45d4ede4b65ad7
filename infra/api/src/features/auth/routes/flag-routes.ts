// Feature flags the client may switch on the caller's own user (age, romance and daily tokens have their own endpoints).
import type { FastifyInstance } from 'fastify';
import { userFeatures } from '../../../db/accounts.ts';
import type { UserRow } from '../../../db/accounts.ts';
import { currentUser } from '../../../http/auth.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody } from '../../../http/validate.ts';
import { FeatureFlags } from './schemas.ts';

/** Registers `Authenticate/update-feature-flags`. */
export function registerFlagRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db } = deps;

  app.post('/Authenticate/update-feature-flags', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const flags = parseBody(FeatureFlags, request.body);
    const rows = await db.query<UserRow>(
      'UPDATE users SET features = features || $2::jsonb, updated_at = $3 WHERE id = $1 RETURNING features',
      [user.id, JSON.stringify(flags), deps.now()],
    );
    return { userFeatures: userFeatures(rows[0]!) };
  });
}
