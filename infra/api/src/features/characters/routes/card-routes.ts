// Character Card routes (ADR 0171): V3 export (JSON or PNG) of an own character, and V1–V3 import into a draft.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../../db/database.ts';
import { loadImage } from '../../../engines/image/image-store.ts';
import type { StoredImage } from '../../../engines/image/image-store.ts';
import { currentUser } from '../../../http/auth.ts';
import { forbidden, notFound } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { jsonDepthError, parseParam, parseQuery } from '../../../http/validate.ts';
import { encodeCardV3 } from '../card-codec.ts';
import { CARD_TASKS } from '../card-tasks.ts';
import type { cardPng, importCard } from '../card-tasks.ts';
import { assertVisible } from './guards.ts';
import { cardFormatQuery } from './schemas.ts';

/** Width of the portrait a Character Card PNG carries (the card readers show it as the avatar). */
const CARD_PORTRAIT_WIDTH = 400;

/** The character's first body image: the picture a Character Card PNG is (ADR 0225). */
async function cardPortrait(db: Queryable, personModelId: string): Promise<StoredImage> {
  const rows = await db.query<{ image_id: string }>(
    `SELECT image_id FROM person_model_images WHERE person_model_id = $1 AND kind = 'body' ORDER BY position LIMIT 1`,
    [personModelId],
  );
  const image = rows[0] ? await loadImage(db, rows[0].image_id) : null;
  if (!image) throw notFound('This character has no portrait yet.', 'portrait_not_found');
  return image;
}

/** Registers `PersonModel/export-card/{id}` and, in its own scope with a text body, `PersonModel/import-card`. */
export async function registerCardRoutes(app: FastifyInstance, deps: FeatureDeps) {
  const { db } = deps;
  // Character Card V3 export (JSON or PNG) of an own character, and V1–V3 import into a new draft (ADR 0171).
  app.get('/PersonModel/export-card/:id', { preHandler: app.authenticate }, async (request, reply) => {
    const user = currentUser(request);
    const id = parseParam(z.uuid(), (request.params as { id: string }).id, 'id');
    const { format, base64 } = parseQuery(cardFormatQuery, request.query);
    const rows = await db.query<{
      owner_user_id: string | null;
      first_name: string;
      description: string | null;
      persona: unknown;
      created_at: Date | string;
    }>(
      'SELECT owner_user_id, first_name, description, persona, created_at FROM person_models WHERE id = $1 AND deleted_at IS NULL',
      [id],
    );
    assertVisible(rows[0], user.id);
    const row = rows[0];
    if (row.owner_user_id === null) throw forbidden('Only your own characters can be exported.', 'not_owner');
    const persona = (
      typeof row.persona === 'string' ? JSON.parse(row.persona) : (row.persona ?? {})
    ) as Record<string, unknown>;
    const card = encodeCardV3({
      name: row.first_name,
      description: row.description ?? '',
      draft: persona,
      createdAt: new Date(row.created_at),
    });
    const fileName = `${row.first_name.replace(/[^\p{L}\p{N}-]+/gu, '_')}.card.${format}`;
    // The PNG is drawn and encoded on the CPU pool (ADR 0310); the JSON is small.
    const body =
      format === 'json'
        ? Buffer.from(JSON.stringify(card, null, 2))
        : Buffer.from(
            await deps.cpu.run<Awaited<ReturnType<typeof cardPng>>>(user.id, {
              module: CARD_TASKS,
              name: 'cardPng',
              input: { image: await cardPortrait(db, id), width: CARD_PORTRAIT_WIDTH, card },
            }),
          );
    const contentType = format === 'json' ? 'application/json' : 'image/png';
    if (base64 === 'true') return { fileName, contentType, base64: body.toString('base64') };
    return reply
      .header('content-disposition', `attachment; filename="${encodeURIComponent(fileName)}"`)
      .type(contentType)
      .send(body);
  });

  // The body stays text here: parsing and checking a card of up to 700 KB (base64 JSON) is the task's work on the
  // CPU pool, with the app's answers for bad JSON and unstorable text (ADR 0310).
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      // The app's depth rule holds here too, before the task parses anything (`http/validate.ts`, ADR 0300).
      const tooDeep = jsonDepthError(text);
      if (tooDeep) done(tooDeep);
      else done(null, text);
    });
    scope.post('/PersonModel/import-card', { preHandler: app.authenticate }, async (request) =>
      deps.cpu.run<ReturnType<typeof importCard>>(currentUser(request).id, {
        module: CARD_TASKS,
        name: 'importCard',
        input: typeof request.body === 'string' ? request.body : undefined,
      }),
    );
  });
}
