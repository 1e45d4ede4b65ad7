// Creation routes (000 §7): the three creation kinds and `POST PersonModel/{token}`, charged and created once.
import crypto from 'node:crypto';
import type { PersonModel } from '@companion/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ImageEngine } from '../../../engines/image/image-engine.ts';
import { currentUser } from '../../../http/auth.ts';
import { HttpError, conflict } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody, parseParam } from '../../../http/validate.ts';
import { CATALOGUE_PRICES } from '../../../seed/prices.ts';
import { generateBodyImages, insertCharacter, isUniqueViolation } from '../creation.ts';
import type { CreateKind } from '../creation.ts';
import { InsufficientTokensError } from '../../tokens/ledger.ts';
import { characterDraftSchema } from '../draft-schema.ts';
import { loadPersonModel, selectPersonModels, toPersonModels } from '../person-models.ts';

/** Registers `PersonModel/create`, `/create-anime-person`, `/create-landing-model-quickdate` and `/{token}`. */
export function registerCreateRoutes(app: FastifyInstance, deps: FeatureDeps, engine: ImageEngine) {
  const { db, ledger } = deps;
  /** The caller's character created under `token`, or null when the token is unused; 409 if someone else's. */
  const createdUnder = async (userId: string, token: string): Promise<PersonModel | null> => {
    const found = await loadPersonModel(db, userId, token);
    if (!found) return null;
    if (found.row.owner_user_id !== userId)
      throw conflict('This creation token is already used.', 'token_used', 'token');
    return found.model;
  };

  const create = async (request: FastifyRequest, kind: CreateKind, token?: string) => {
    const user = currentUser(request);
    const draft = parseBody(characterDraftSchema, request.body);
    if (token) {
      const existing = await createdUnder(user.id, token);
      if (existing) return { status: 200, model: existing };
    }
    if (kind === 'create-anime-person' && draft.style !== 'anime') {
      throw new HttpError(
        400,
        'validation_failed',
        'style: create-anime-person creates anime characters only',
        'style',
      );
    }
    const price = kind === 'create-landing-model-quickdate' ? 0 : CATALOGUE_PRICES.personModelCreation;
    if (kind === 'create-landing-model-quickdate') {
      // The funnel creates one free match per visitor; a retry gets the same character back.
      const existing = await selectPersonModels(
        db,
        user.id,
        `WHERE pm.owner_user_id = $2 AND pm.origin = 'create-landing-model-quickdate' LIMIT 1`,
        [user.id],
      );
      if (existing[0]) return { status: 200, model: (await toPersonModels(db, existing))[0]! };
    }
    if (price > 0) {
      // Fail fast before a possibly slow external generation; the spend below is the real check.
      const { balance } = await ledger.getBalance(db, user.id);
      if (balance < price) throw new InsufficientTokensError(price, balance);
    }
    const id = token ?? crypto.randomUUID();
    const images = await generateBodyImages(engine, id, user.id, draft);
    try {
      await db.transaction(async (tx) => {
        if (price > 0)
          await ledger.spend(tx, { userId: user.id, amount: price, reason: 'create_person', refId: id });
        await insertCharacter(tx, { id, ownerUserId: user.id, draft, origin: kind, images });
      });
    } catch (error) {
      // Two requests with one token: the loser's transaction (its spend included) rolled back on the key.
      const existing = token && isUniqueViolation(error) ? await createdUnder(user.id, token) : null;
      if (existing) return { status: 200, model: existing };
      throw error;
    }
    return { status: 201, model: (await loadPersonModel(db, user.id, id))!.model };
  };
  for (const kind of ['create', 'create-anime-person', 'create-landing-model-quickdate'] as const) {
    app.post(`/PersonModel/${kind}`, { preHandler: app.authenticate }, async (request, reply) => {
      const { status, model } = await create(request, kind);
      return reply.status(status).send(model);
    });
  }

  // `POST PersonModel/{token}` (000 §7, with the draft): the client names the creation with a token (a UUID,
  // e.g. the draft's id) so a retried or doubled submit creates and charges once; a repeat answers 200 with the
  // same character. Static paths (create, rename-model, unlock…) win over this parameter in the router.
  app.post('/PersonModel/:token', { preHandler: app.authenticate }, async (request, reply) => {
    const token = parseParam(
      z.uuid('token must be a UUID.'),
      (request.params as { token: string }).token,
      'token',
    );
    const { status, model } = await create(request, 'create', token);
    return reply.status(status).send(model);
  });
}
