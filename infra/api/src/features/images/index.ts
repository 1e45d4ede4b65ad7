import crypto from 'node:crypto';
import { z } from 'zod';
import {
  ART_STYLES,
  BACKGROUNDS,
  BODY_TYPES,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HAIR_STYLES,
  POSES,
} from '../../engines/image/appearance.ts';
import { createImageEngine } from '../../engines/image/create-image-engine.ts';
import {
  EmbeddedImageEngine,
  MAX_BATCH,
  SVG_CONTENT_TYPE,
} from '../../engines/image/embedded-image-engine.ts';
import { ImageEngineError } from '../../engines/image/http-image-engine.ts';
import type { BatchRequest, ImageEngine } from '../../engines/image/image-engine.ts';
import { ImageCache } from '../../engines/image/image-cache.ts';
import { extensionFor, imageUrl, insertImages, loadImage } from '../../engines/image/image-store.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { ensureCatalogueSeeded } from '../../seed/seed-catalogue.ts';

/** Options of the images feature; tests inject an engine. */
export interface ImagesFeatureOptions {
  imageEngine?: ImageEngine;
}

/** A generated image as `Image/standalone-images` lists it. */
export interface StandaloneImage {
  id: string;
  imageUrl: string;
  personModelId: string | null;
  batchId: string | null;
  createdAt: string;
}

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]{3,4})$/;

// A year: an image id never changes what it points to.
const IMMUTABLE = 'public, max-age=31536000, immutable';

const batchBody = z.object({
  personModelId: z.uuid().optional(),
  count: z.int().min(1).max(MAX_BATCH).default(4),
  style: z.enum(ART_STYLES).optional(),
  ethnicity: z.enum(ETHNICITIES).optional(),
  eyes: z.enum(EYE_COLORS).optional(),
  hairStyle: z.enum(HAIR_STYLES).optional(),
  hairColor: z.enum(HAIR_COLORS).optional(),
  body: z.enum(BODY_TYPES).optional(),
  pose: z.enum(POSES).optional(),
  background: z.enum(BACKGROUNDS).optional(),
  prompt: z.string().trim().max(500).optional(),
});

// Defaults are the wizard's neutral look; each tile changes the one field it shows.
const tileQuery = z.object({
  style: z.enum(ART_STYLES),
  ethnicity: z.enum(ETHNICITIES).default('caucasian'),
  eyes: z.enum(EYE_COLORS).default('brown'),
  hairStyle: z.enum(HAIR_STYLES).default('long-wavy'),
  hairColor: z.enum(HAIR_COLORS).default('brown'),
  body: z.enum(BODY_TYPES).default('average'),
  pose: z.enum(['portrait', 'waist-up', 'standing'] as const).default('portrait'),
});

const standaloneQuery = z.object({
  personModelId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

// The looks stored in a character's persona (seed and created characters share the keys).
const personaLooks = z.object({
  style: z.enum(ART_STYLES).catch('realistic'),
  ethnicity: z.enum(ETHNICITIES).optional().catch(undefined),
  eyes: z.enum(EYE_COLORS).optional().catch(undefined),
  hairStyle: z.enum(HAIR_STYLES).optional().catch(undefined),
  hairColor: z.enum(HAIR_COLORS).optional().catch(undefined),
  body: z
    .object({ body: z.enum(BODY_TYPES).optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

interface StandaloneRow {
  id: string;
  content_type: string;
  person_model_id: string | null;
  batch_id: string | null;
  created_at: Date | string;
}

function toStandalone(row: StandaloneRow): StandaloneImage {
  return {
    id: row.id,
    imageUrl: imageUrl(row.id, row.content_type),
    personModelId: row.person_model_id,
    batchId: row.batch_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Serves stored images and generates batches (spec 000 §7 `Image/*`; URL scheme in CONTEXT.md). */
export function imagesFeature(options: ImagesFeatureOptions = {}): FeaturePlugin {
  return async (app, deps: FeatureDeps) => {
    const engine = options.imageEngine ?? createImageEngine();
    // Rows without bytes were drawn by the embedded painter and are redrawn by it, whatever engine is configured.
    const painter = new EmbeddedImageEngine();
    // Image ids never change what they show, so served bytes can be kept without invalidation.
    const cache = new ImageCache();
    const tiles = new Map<string, { contentType: string; body: Buffer }>();
    const { db, ledger } = deps;
    await ensureCatalogueSeeded(db);

    // Public by design: <img> cannot send a bearer token. Ids are random or keyed, so a URL is a capability (ADR 0022).
    app.get('/images/:file', async (request, reply) => {
      const file = (request.params as { file: string }).file.toLowerCase();
      const match = FILE.exec(file);
      if (!match) throw badRequest('file: expected <uuid>.<ext>', 'file', 'validation_failed');
      const [, id, ext] = match as unknown as [string, string, string];
      let image = cache.get(id);
      if (!image) {
        const stored = await loadImage(db, id);
        if (stored) {
          image = {
            contentType: stored.contentType,
            body: stored.body ?? (await painter.render(stored.spec)).body,
          };
          cache.set(id, image);
        }
      }
      if (!image || extensionFor(image.contentType) !== ext)
        throw notFound('No image with this id.', 'image_not_found');
      const etag = `"${id}"`;
      void reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (image.contentType === SVG_CONTENT_TYPE) {
        // An SVG opened directly must not run script, whoever produced it.
        void reply.header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
        );
      }
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(image.contentType).send(image.body);
    });

    app.post('/Image/generate-batch-images', { preHandler: app.authenticate }, async (request, reply) => {
      const user = currentUser(request);
      const body = parseBody(batchBody, request.body);
      let looks: Omit<BatchRequest, 'seed' | 'count'> | null = null;
      if (body.personModelId) {
        const rows = await db.query<{ owner_user_id: string | null; persona: unknown }>(
          'SELECT owner_user_id, persona FROM person_models WHERE id = $1',
          [body.personModelId],
        );
        const row = rows[0];
        if (!row) throw notFound('No character with this id.', 'person_model_not_found');
        if (row.owner_user_id !== null && row.owner_user_id !== user.id)
          throw forbidden('This character belongs to another user.');
        const persona = personaLooks.parse(
          typeof row.persona === 'string' ? JSON.parse(row.persona) : (row.persona ?? {}),
        );
        looks = {
          style: persona.style,
          ethnicity: persona.ethnicity,
          eyeColor: persona.eyes,
          hairStyle: persona.hairStyle,
          hairColor: persona.hairColor,
          bodyType: persona.body?.body,
        };
      } else if (!body.style) {
        throw badRequest('style: required when no personModelId is given', 'style', 'validation_failed');
      }
      const price = CATALOGUE_PRICES.image * body.count;
      // Fail fast before a possibly slow external generation; the spend below is the real check.
      const { balance: available } = await ledger.getBalance(db, user.id);
      if (available < price)
        throw new HttpError(
          402,
          'insufficient_tokens',
          `Not enough tokens: this costs ${price}, you have ${available}.`,
        );
      const batchId = crypto.randomUUID();
      const request_: BatchRequest = {
        seed: batchId,
        count: body.count,
        // The character's own looks win; free choices fill what it leaves open.
        style: looks?.style ?? body.style ?? 'realistic',
        ethnicity: looks?.ethnicity ?? body.ethnicity,
        eyeColor: looks?.eyeColor ?? body.eyes,
        hairStyle: looks?.hairStyle ?? body.hairStyle,
        hairColor: looks?.hairColor ?? body.hairColor,
        bodyType: looks?.bodyType ?? body.body,
        pose: body.pose,
        background: body.background,
        prompt: body.prompt,
      };
      let generated;
      try {
        generated = await engine.generateBatch(request_);
      } catch (error) {
        if (error instanceof ImageEngineError)
          throw new HttpError(
            502,
            'image_engine_failed',
            'The image generator failed; nothing was charged. Try again.',
          );
        throw error;
      }
      const images = generated.map((item) => ({
        id: crypto.randomUUID(),
        ownerUserId: user.id,
        spec: item.spec,
        contentType: item.contentType,
        body: item.body,
        personModelId: body.personModelId ?? null,
        batchId,
        isStandalone: true,
      }));
      const balance = await db.transaction(async (tx) => {
        const result = await ledger.spend(tx, {
          userId: user.id,
          amount: price,
          reason: 'generate_images',
          refId: batchId,
        });
        await insertImages(tx, images);
        return result;
      });
      const rows = await db.query<StandaloneRow>(
        'SELECT id, content_type, person_model_id, batch_id, created_at FROM images WHERE batch_id = $1 ORDER BY created_at, id',
        [batchId],
      );
      return reply.status(201).send({
        batchId,
        images: rows.map(toStandalone),
        remainingTokens: balance.balance,
        spentTokens: balance.spent,
      });
    });

    // The character wizard's picture tiles: the embedded painter draws one look from a fixed seed, so the same
    // query is always the same picture; public and free (no user data, nothing stored; ADR 0170).
    app.get('/Image/wizard-tile', async (request, reply) => {
      const query = parseQuery(tileQuery, request.query);
      const key = JSON.stringify(query);
      let image = tiles.get(key);
      if (!image) {
        image = await painter.render({
          seed: `wizard-tile-${query.style}`,
          style: query.style,
          ethnicity: query.ethnicity,
          eyeColor: query.eyes,
          hairStyle: query.hairStyle,
          hairColor: query.hairColor,
          bodyType: query.body,
          pose: query.pose,
          background: 'studio',
        });
        tiles.set(key, image);
      }
      return reply
        .header('cache-control', IMMUTABLE)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
        .type(image.contentType)
        .send(image.body);
    });

    app.get('/Image/standalone-images', { preHandler: app.authenticate }, async (request) => {
      const user = currentUser(request);
      const query = parseQuery(standaloneQuery, request.query);
      const params: unknown[] = [user.id, query.limit];
      let filter = '';
      if (query.personModelId) {
        params.push(query.personModelId);
        filter = 'AND person_model_id = $3';
      }
      const rows = await db.query<StandaloneRow>(
        `SELECT id, content_type, person_model_id, batch_id, created_at FROM images
         WHERE owner_user_id = $1 AND is_standalone ${filter} ORDER BY created_at DESC, id DESC LIMIT $2`,
        params,
      );
      return rows.map(toStandalone);
    });
  };
}
