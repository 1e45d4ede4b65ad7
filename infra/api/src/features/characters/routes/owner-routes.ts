// Own characters (My AI, ADR 0170): rename, and the soft delete with its restore.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../../http/auth.ts';
import { forbidden } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseBody } from '../../../http/validate.ts';
import { personModelIdSchema, renameSchema } from '../draft-schema.ts';
import { loadPersonModel } from '../person-models.ts';
import { assertVisible } from './guards.ts';

/** Registers `PersonModel/rename-model` (own characters only). */
export function registerRenameRoute(app: FastifyInstance, deps: FeatureDeps) {
  const { db } = deps;
  app.post('/PersonModel/rename-model', { preHandler: app.authenticate }, async (request) => {
    const user = currentUser(request);
    const body = parseBody(renameSchema, request.body);
    const rows = await db.query<{ owner_user_id: string | null }>(
      'SELECT owner_user_id FROM person_models WHERE id = $1',
      [body.PersonModelId],
    );
    assertVisible(rows[0], user.id);
    if (rows[0].owner_user_id === null)
      throw forbidden('Catalogue characters cannot be renamed.', 'not_owner');
    await db.query('UPDATE person_models SET first_name = $2, updated_at = now() WHERE id = $1', [
      body.PersonModelId,
      body.name,
    ]);
    return (await loadPersonModel(db, user.id, body.PersonModelId))!.model;
  });
}

/** Registers `PersonModel/delete-model` and `/restore-model` (own characters only). */
export function registerDeleteRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db } = deps;
  // My AI: delete is soft so the client can offer undo; restore brings the row back unchanged (ADR 0170).
  const setDeleted = async (request: FastifyRequest, deleted: boolean) => {
    const user = currentUser(request);
    const { PersonModelId } = parseBody(personModelIdSchema, request.body);
    const rows = await db.query<{ owner_user_id: string | null }>(
      'SELECT owner_user_id FROM person_models WHERE id = $1',
      [PersonModelId],
    );
    assertVisible(rows[0], user.id);
    if (rows[0].owner_user_id === null)
      throw forbidden('Catalogue characters cannot be deleted.', 'not_owner');
    await db.query(
      deleted
        ? 'UPDATE person_models SET deleted_at = COALESCE(deleted_at, now()) WHERE id = $1'
        : 'UPDATE person_models SET deleted_at = NULL WHERE id = $1',
      [PersonModelId],
    );
    return { personModelId: PersonModelId, isDeleted: deleted };
  };
  app.post('/PersonModel/delete-model', { preHandler: app.authenticate }, async (request) =>
    setDeleted(request, true),
  );
  app.post('/PersonModel/restore-model', { preHandler: app.authenticate }, async (request) =>
    setDeleted(request, false),
  );
}
