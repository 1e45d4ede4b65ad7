// Session refresh on the two paths (generated users, registered users): rotation, reuse revokes the family (ADR 0011).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS } from '@companion/contracts';
import type { TokenPair } from '@companion/contracts';
import { findUser } from '../../../db/accounts.ts';
import { gone, unauthorized } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody } from '../../../http/validate.ts';
import { consumeRefreshToken, issueSession, rememberSuccessor } from '../sessions.ts';
import { guards } from './guards.ts';
import { Refresh } from './schemas.ts';

/** Registers the two refresh routes at the paths the shell calls (`API_PATHS` in `@companion/contracts`, one owner). */
export function registerTokenRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db } = deps;
  const { limited } = guards(deps);

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

  app.post(`/${API_PATHS.refreshGeneratedUser}`, { config: limited }, (request) => refresh(request, true));
  app.post(`/${API_PATHS.refreshRegisteredUser}`, { config: limited }, (request) => refresh(request, false));
}
