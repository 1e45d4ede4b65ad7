// Token unlocks (000 §7): `PersonModel/unlock` for locked characters, `/unlock-premium-model` for premium ones.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../http/auth.ts';
import { conflict } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody } from '../../../http/validate.ts';
import { personModelIdSchema } from '../draft-schema.ts';
import { loadPersonModel } from '../person-models.ts';
import { assertVisible } from './guards.ts';

/** Registers `PersonModel/unlock` and `/unlock-premium-model`: the unlock row first, then the spend. */
export function registerUnlockRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db, ledger } = deps;
  const unlock = async (request: FastifyRequest, premium: boolean) => {
    const user = currentUser(request);
    const { PersonModelId } = parseBody(personModelIdSchema, request.body);
    const result = await db.transaction(async (tx) => {
      const rows = await tx.query<{
        owner_user_id: string | null;
        is_premium: boolean;
        is_locked: boolean;
        unlock_price: number;
      }>('SELECT owner_user_id, is_premium, is_locked, unlock_price FROM person_models WHERE id = $1', [
        PersonModelId,
      ]);
      const row = rows[0];
      assertVisible(row, user.id);
      if (premium && !row.is_premium)
        throw conflict(
          'This character is not a premium model; use PersonModel/unlock.',
          'not_premium',
          'PersonModelId',
        );
      if (!premium && row.is_premium)
        throw conflict(
          'This is a premium model; use PersonModel/unlock-premium-model.',
          'premium_model',
          'PersonModelId',
        );
      if (!premium && !row.is_locked)
        throw conflict('This character is not locked.', 'not_locked', 'PersonModelId');
      // The insert comes first: a concurrent unlock waits on the primary key and then finds the row.
      const inserted = await tx.query(
        'INSERT INTO person_model_unlocks (user_id, person_model_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
        [user.id, PersonModelId],
      );
      if (inserted.length === 0)
        throw conflict('You have already unlocked this character.', 'already_unlocked', 'PersonModelId');
      if (row.unlock_price === 0) return null;
      return ledger.spend(tx, {
        userId: user.id,
        amount: row.unlock_price,
        reason: premium ? 'unlock_premium_person' : 'unlock_person',
        refId: PersonModelId,
      });
    });
    const balance = result ?? (await ledger.getBalance(db, user.id));
    return {
      personModel: (await loadPersonModel(db, user.id, PersonModelId))!.model,
      remainingTokens: balance.balance,
      spentTokens: balance.spent,
    };
  };
  app.post('/PersonModel/unlock', { preHandler: app.authenticate }, async (request) =>
    unlock(request, false),
  );
  app.post('/PersonModel/unlock-premium-model', { preHandler: app.authenticate }, async (request) =>
    unlock(request, true),
  );
}
