// Generated (anonymous) users: pre-register makes one with its first session; login-pre-register gives it a new
// session when its tokens were lost (ADR 0011).
import type { FastifyInstance } from 'fastify';
import type { PreRegisterResponse } from '@companion/contracts';
import { TOKEN_RULES } from '../../../config.ts';
import { findUser, insertUser } from '../../../db/accounts.ts';
import { gone, unauthorized } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody } from '../../../http/validate.ts';
import { issueSession } from '../sessions.ts';
import { guards } from './guards.ts';
import { LoginPreRegister, PreRegister } from './schemas.ts';

/** Registers `Authenticate/pre-register` and `Authenticate/login-pre-register`. */
export function registerAnonymousRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db } = deps;
  const { limited } = guards(deps);

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
}
