import crypto from 'node:crypto';
import type { PersonModel } from '@companion/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { createImageEngine } from '../../engines/image/create-image-engine.ts';
import { SVG_CONTENT_TYPE } from '../../engines/image/embedded-image-engine.ts';
import { ImageEngineError } from '../../engines/image/remote-image-engine.ts';
import type { ImageEngine } from '../../engines/image/image-engine.ts';
import { insertImages, loadImage } from '../../engines/image/image-store.ts';
import type { NewImage, StoredImage } from '../../engines/image/image-store.ts';
import { authenticateOptionalWithRow, currentUser } from '../../http/auth.ts';
import { COMPRESS_THRESHOLD, acceptsPlainGzip } from '../../http/compression.ts';
import { HttpError, conflict, forbidden, notFound, unauthorized } from '../../http/errors.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { MAX_JSON_DEPTH, jsonTooDeep, parseBody, parseParam, parseQuery } from '../../http/validate.ts';
import { FUNNEL_PRODUCTS } from '../../seed/characters.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { ensureCatalogueSeeded } from '../../seed/seed-catalogue.ts';
import { encodeCardV3 } from './card-codec.ts';
import { CARD_TASKS } from './card-tasks.ts';
import type { cardPng, importCard } from './card-tasks.ts';
import { characterDraftSchema, personModelIdSchema, renameSchema } from './draft-schema.ts';
import type { ValidDraft } from './draft-schema.ts';
import {
  PublicCatalogue,
  loadPersonModel,
  openGalleryImages,
  selectPersonModels,
  toPersonModels,
} from './person-models.ts';
import type { CachedList } from './person-models.ts';

/** Options of the catalogue features; tests inject an engine. */
export interface CatalogueFeatureOptions {
  imageEngine?: ImageEngine;
}

/** Body images generated for a new character (one per pose of the batch). */
export const CREATED_BODY_IMAGES = 4;

// `base64=true` answers `{ fileName, contentType, base64 }`: a client behind a bearer token cannot use a plain link.
const cardFormatQuery = z.object({
  format: z.enum(['json', 'png']).default('json'),
  base64: z.enum(['true', 'false']).default('false'),
});

const topQuery = z.object({
  utmSource: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w.-]*$/, 'must contain only letters, digits, dots, dashes and underscores')
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
});

const FUNNEL_ROUTE = /^([a-z0-9]+)-net-funnel-person-models$/;

type CreateKind = 'create' | 'create-anime-person' | 'create-landing-model-quickdate';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

function describeDraft(draft: ValidDraft): string {
  const parts = [`${draft.name}, ${draft.age}.`];
  const who = [draft.personality, draft.occupation?.replace(/-/g, ' ')].filter(Boolean).join(' ');
  if (who) parts.push(`A ${who}.`);
  if (draft.hobby.length > 0) parts.push(`Loves ${draft.hobby.join(', ')}.`);
  if (draft.connectionType) parts.push(`Your ${draft.connectionType}.`);
  return parts.join(' ');
}

async function generateBodyImages(
  engine: ImageEngine,
  id: string,
  ownerUserId: string,
  draft: ValidDraft,
): Promise<{ image: NewImage; preview: NewImage }[]> {
  try {
    const generated = await engine.generateBatch({
      seed: id,
      count: CREATED_BODY_IMAGES,
      style: draft.style,
      ethnicity: draft.ethnicity ?? undefined,
      eyeColor: draft.eyes ?? undefined,
      hairStyle: draft.hairStyle ?? undefined,
      hairColor: draft.hairColor ?? undefined,
      bodyType: draft.body.body ?? undefined,
    });
    return generated.map((item) => ({
      image: {
        id: crypto.randomUUID(),
        ownerUserId,
        spec: item.spec,
        contentType: item.contentType,
        body: item.body,
        personModelId: id,
      },
      preview: {
        id: crypto.randomUUID(),
        ownerUserId,
        spec: { ...item.spec, preview: true },
        contentType: SVG_CONTENT_TYPE,
        body: null,
        personModelId: id,
      },
    }));
  } catch (error) {
    if (error instanceof ImageEngineError)
      throw new HttpError(
        502,
        'image_engine_failed',
        'The image generator failed; nothing was charged. Try again.',
      );
    throw error;
  }
}

async function insertCharacter(
  tx: Queryable,
  input: {
    id: string;
    ownerUserId: string;
    draft: ValidDraft;
    origin: CreateKind;
    images: { image: NewImage; preview: NewImage }[];
  },
): Promise<void> {
  const { id, ownerUserId, draft, origin, images } = input;
  await tx.query(
    `INSERT INTO person_models (id, owner_user_id, first_name, age, is_anime, description, persona, origin)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      id,
      ownerUserId,
      draft.name,
      draft.age,
      draft.style === 'anime',
      describeDraft(draft),
      JSON.stringify(draft),
      origin,
    ],
  );
  await insertImages(
    tx,
    images.flatMap((pair) => [pair.image, pair.preview]),
  );
  for (const [position, pair] of images.entries()) {
    await tx.query(
      `INSERT INTO person_model_images (id, person_model_id, kind, position, image_id, preview_image_id) VALUES ($1, $2, 'body', $3, $4, $5)`,
      [crypto.randomUUID(), id, position, pair.image.id, pair.preview.id],
    );
  }
}

/** 404 for an unknown character, 401/403 for someone else's private one. */
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

function assertVisible(
  row: { owner_user_id: string | null } | undefined,
  userId: string | null,
): asserts row {
  if (!row) throw notFound('No character with this id.', 'person_model_not_found');
  if (row.owner_user_id !== null && row.owner_user_id !== userId) {
    if (userId === null) throw unauthorized();
    throw forbidden('This character belongs to another user.');
  }
}

/** Characters: explore list, funnels, details, creation, rename and token unlocks (spec 000 §7). */
export function charactersFeature(options: CatalogueFeatureOptions = {}): FeaturePlugin {
  return async (app, deps: FeatureDeps) => {
    const engine = options.imageEngine ?? createImageEngine();
    const { db, ledger } = deps;
    await ensureCatalogueSeeded(db);
    const catalogue = new PublicCatalogue(db);

    const viewerId = (request: FastifyRequest): string | null => request.user?.id ?? null;

    // Explore lists are served from the catalogue's cache of serialized (and gzipped) replies: the same bytes
    // `reply.send(models)` and `@fastify/compress` would make, without building them per request.
    // The caller's unlocks are read with the token check, one query for a signed-in caller and none for a visitor.
    const viewerUnlocks = async (request: FastifyRequest): Promise<ReadonlySet<string>> => {
      const row = await authenticateOptionalWithRow<{ unlocked_ids: string[] }>(
        request,
        { db, jwtKey: deps.jwtKey, now: deps.now },
        'ARRAY(SELECT u.person_model_id::text FROM person_model_unlocks u WHERE u.user_id = users.id) AS unlocked_ids',
      );
      return new Set(row?.unlocked_ids ?? []);
    };

    const sendList = (request: FastifyRequest, reply: FastifyReply, list: CachedList): Buffer => {
      reply.type('application/json; charset=utf-8');
      if (list.body.length < COMPRESS_THRESHOLD || !acceptsPlainGzip(request.headers)) return list.body;
      reply.header('vary', 'accept-encoding').header('content-encoding', 'gzip');
      return list.gzip();
    };

    app.get('/PersonModel/top', async (request, reply) => {
      const unlocked = await viewerUnlocks(request);
      const { utmSource } = parseQuery(topQuery, request.query);
      // Only a source some character is featured for changes the order; every other one shares the plain list.
      const source = utmSource && (await catalogue.isFeaturedSource(utmSource)) ? utmSource : null;
      // Array.prototype.sort is stable: within each group the explore rank stays.
      const featured = (row: { featured_utm_sources: string[] }): number =>
        source && row.featured_utm_sources.includes(source) ? 0 : 1;
      const list = await catalogue.cachedList(
        `top:${source ?? ''}`,
        unlocked,
        () => true,
        (a, b) => featured(a) - featured(b),
      );
      return sendList(request, reply, list);
    });

    app.get('/PersonModel/get-created-persons', { preHandler: app.authenticate }, async (request) => {
      const user = currentUser(request);
      const rows = await selectPersonModels(
        db,
        user.id,
        'WHERE pm.owner_user_id = $2 AND pm.deleted_at IS NULL ORDER BY pm.created_at DESC, pm.id',
        [user.id],
      );
      return toPersonModels(db, rows);
    });

    app.get('/PersonModel/get-person/:id', { preHandler: app.authenticateOptional }, async (request) => {
      const id = parseParam(z.uuid(), (request.params as { id: string }).id, 'id');
      const found = await loadPersonModel(db, viewerId(request), id);
      assertVisible(found?.row, viewerId(request));
      const gallery = await openGalleryImages(db, viewerId(request), id);
      return { ...found!.model, bodyImages: [...found!.model.bodyImages, ...gallery] };
    });

    // `{product}-net-funnel-person-models`: the product is part of one path segment.
    app.get('/PersonModel/:funnelRoute', async (request, reply) => {
      const unlocked = await viewerUnlocks(request);
      const segment = (request.params as { funnelRoute: string }).funnelRoute;
      const product = FUNNEL_ROUTE.exec(segment)?.[1];
      if (!product) throw notFound(`No route for GET /api/PersonModel/${segment}.`);
      if (!(FUNNEL_PRODUCTS as readonly string[]).includes(product)) {
        throw new HttpError(
          404,
          'unknown_funnel',
          `Unknown funnel product "${product}"; expected one of ${FUNNEL_PRODUCTS.join(', ')}.`,
          'product',
        );
      }
      const list = await catalogue.cachedList(`funnel:${product}`, unlocked, (row) =>
        row.funnels.includes(product),
      );
      return sendList(request, reply, list);
    });

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
        if (balance < price)
          throw new HttpError(
            402,
            'insufficient_tokens',
            `Not enough tokens: this costs ${price}, you have ${balance}.`,
          );
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
      if (row.owner_user_id === null)
        throw forbidden('Only your own characters can be exported.', 'not_owner');
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
        if (jsonTooDeep(text))
          done(
            new HttpError(
              400,
              'validation_failed',
              `body: JSON nested deeper than ${MAX_JSON_DEPTH} levels.`,
              'body',
            ),
          );
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
  };
}
