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
  OUTFITS,
  POSES,
} from '../../engines/image/appearance.ts';
import type { Message } from '@companion/contracts';
import type { Database, Queryable } from '../../db/database.ts';
import { createImageEngine } from '../../engines/image/create-image-engine.ts';
import {
  EmbeddedImageEngine,
  MAX_BATCH,
  SVG_CONTENT_TYPE,
} from '../../engines/image/embedded-image-engine.ts';
import { ImageEngineError } from '../../engines/image/remote-image-engine.ts';
import type { BatchRequest, GeneratedImage, ImageEngine } from '../../engines/image/image-engine.ts';
import { ImageCache } from '../../engines/image/image-cache.ts';
import { extensionFor, imageUrl, insertImages, loadImage } from '../../engines/image/image-store.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { ensureCatalogueSeeded } from '../../seed/seed-catalogue.ts';
import {
  appendCharacterReply,
  appendUserMessage,
  chatUnlockTarget,
  getMessageById,
  startChat,
} from '../chats/chat-service.ts';
import { isLoopbackAddress } from '../../http/loopback.ts';
import { finishBatch } from './batch-recovery.ts';
import { EngineFixtures } from './engine-fixtures.ts';
import { claimPhotoRequest } from './photo-requests.ts';

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
  /** Chosen by the client (kept in the page's URL) so a reload resumes the batch instead of paying again. */
  batchId: z.uuid().optional(),
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
  outfit: z.enum(OUTFITS).optional(),
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

const batchParams = z.object({ batchId: z.uuid() });

const sendToChatBody = z.object({ imageId: z.uuid() });

const photoRequestBody = z.object({
  chatId: z.uuid(),
  /** Chosen by the client, so a retry after a lost answer neither pays nor draws twice. */
  requestId: z.uuid(),
});

/** The photo as the character's message in the chat, once (a repeated request finds the message it stored). */
async function deliverPhoto(db: Database, userId: string, chatId: string, url: string): Promise<Message> {
  const found = await db.query<{ id: string }>(
    'SELECT id FROM messages WHERE chat_id = $1 AND image_url = $2',
    [chatId, url],
  );
  const stored = found[0] ? await getMessageById(db, found[0].id) : null;
  if (stored) return stored;
  const message = await appendCharacterReply(db, userId, chatId, { imageUrl: url });
  return message!;
}

const engineFixtureBody = z.object({ mode: z.enum(['normal', 'fail', 'hold', 'next', 'release']) }).strict();

/** A batch as `Image/generate-batch-images` and `Image/batches/{id}` answer it (ADR 0181). */
export interface BatchAnswer {
  batchId: string;
  status: 'pending' | 'done' | 'failed';
  requested: number;
  price: number;
  /** Tokens given back for images that failed or were blocked (automatic, in the same ledger). */
  refundedTokens: number;
  images: StandaloneImage[];
}

interface BatchRow {
  id: string;
  user_id: string;
  requested: number;
  price: number;
  status: BatchAnswer['status'];
  refunded: number;
}

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

async function loadBatch(db: Queryable, batchId: string): Promise<BatchRow | undefined> {
  const rows = await db.query<BatchRow>(
    'SELECT id, user_id, requested, price, status, refunded FROM image_batches WHERE id = $1',
    [batchId],
  );
  return rows[0];
}

async function batchAnswer(db: Queryable, row: BatchRow): Promise<BatchAnswer> {
  const images = await db.query<StandaloneRow>(
    'SELECT id, content_type, person_model_id, batch_id, created_at FROM images WHERE batch_id = $1 AND owner_user_id = $2 ORDER BY created_at, id',
    [row.id, row.user_id],
  );
  return {
    batchId: row.id,
    status: row.status,
    requested: row.requested,
    price: row.price,
    refundedTokens: row.refunded,
    images: images.map(toStandalone),
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
    const fixtures = deps.config.testFixtures ? new EngineFixtures() : null;
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

    /**
     * Pays for and generates a batch (idempotent by `batchId`: a second call pays nothing and answers the stored
     * batch); what the engine did not deliver is refunded at once. Throws 502 when the engine failed.
     */
    async function runBatch(
      userId: string,
      body: z.infer<typeof batchBody>,
    ): Promise<{ status: 200 | 201; answer: BatchAnswer; remainingTokens: number; spentTokens: number }> {
      let looks: Omit<BatchRequest, 'seed' | 'count'> | null = null;
      if (body.personModelId) {
        const rows = await db.query<{ owner_user_id: string | null; persona: unknown }>(
          'SELECT owner_user_id, persona FROM person_models WHERE id = $1',
          [body.personModelId],
        );
        const row = rows[0];
        if (!row) throw notFound('No character with this id.', 'person_model_not_found');
        if (row.owner_user_id !== null && row.owner_user_id !== userId)
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
      const unit = CATALOGUE_PRICES.image;
      const price = unit * body.count;
      const batchId = body.batchId ?? crypto.randomUUID();
      // Take the price up front, in the same transaction that records the batch: a second call with the same
      // batch id (a reload, a double click) finds the row and pays nothing.
      const opened = await db.transaction(async (tx) => {
        const inserted = await tx.query(
          `INSERT INTO image_batches (id, user_id, person_model_id, requested, price, status)
         VALUES ($1, $2, $3, $4, $5, 'pending') ON CONFLICT (id) DO NOTHING RETURNING id`,
          [batchId, userId, body.personModelId ?? null, body.count, price],
        );
        if (inserted.length === 0) return null;
        return ledger.spend(tx, {
          userId: userId,
          amount: price,
          reason: 'generate_images',
          refId: batchId,
        });
      });
      if (!opened) {
        const existing = await loadBatch(db, batchId);
        if (!existing || existing.user_id !== userId)
          throw conflict('This batch id is already used.', 'batch_id_taken', 'batchId');
        const balance = await ledger.getBalance(db, userId);
        return {
          status: 200,
          answer: await batchAnswer(db, existing),
          remainingTokens: balance.balance,
          spentTokens: balance.spent,
        };
      }
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
        outfit: body.outfit,
        prompt: body.prompt,
      };
      // Each image is stored the moment it is ready, so `Image/batches/{id}` shows the batch filling photo by photo
      // (live progress, ADR 0228); whatever never arrives is refunded once at the end, or by the sweeper after a crash.
      const stored = new Set<GeneratedImage>();
      const store = async (item: GeneratedImage) => {
        if (stored.has(item) || stored.size >= body.count) return;
        await fixtures?.before(userId);
        await insertImages(db, [
          {
            id: crypto.randomUUID(),
            ownerUserId: userId,
            spec: item.spec,
            contentType: item.contentType,
            body: item.body,
            personModelId: body.personModelId ?? null,
            batchId,
            isStandalone: true,
          },
        ]);
        stored.add(item);
      };
      let failure: unknown = null;
      try {
        const generated = await engine.generateBatch(request_, store);
        // An engine that does not call back hands everything over at the end.
        for (const item of generated) await store(item);
      } catch (error) {
        failure = error;
      }
      const balance = await finishBatch(db, ledger, {
        batchId,
        userId: userId,
        requested: body.count,
        price,
        arrived: stored.size,
      });
      const refund = (body.count - stored.size) * unit;
      if (failure) {
        if (failure instanceof ImageEngineError)
          throw new HttpError(
            502,
            'image_engine_failed',
            `The image generator failed; your ${refund} tokens were refunded. Try again.`,
          );
        throw failure;
      }
      const row = (await loadBatch(db, batchId))!;
      return {
        status: 201,
        answer: await batchAnswer(db, row),
        remainingTokens: balance.balance,
        spentTokens: balance.spent,
      };
    }

    app.post('/Image/generate-batch-images', { preHandler: app.authenticate }, async (request, reply) => {
      const { status, answer, ...balance } = await runBatch(
        currentUser(request).id,
        parseBody(batchBody, request.body),
      );
      return reply.status(status).send({ ...answer, ...balance });
    });

    // A photo asked of the character in its chat, priced tokenPriceForImage, paid and refunded as
    // a one-photo batch (idempotent by requestId), delivered as the character's image message.
    app.post('/Chats/request-photo', { preHandler: app.authenticate }, async (request) => {
      const user = currentUser(request);
      const { chatId, requestId } = parseBody(photoRequestBody, request.body);
      const target = await chatUnlockTarget(db, user.id, chatId);
      if (target.isBlurred) throw conflict('Unlock this character first.', 'chat_locked', 'chatId');
      await claimPhotoRequest(db, user.id, chatId, requestId);
      const { answer, ...balance } = await runBatch(user.id, {
        batchId: requestId,
        personModelId: target.personModelId,
        count: 1,
      });
      const image = answer.images[0];
      if (!image) {
        if (answer.status === 'pending')
          throw conflict('This photo is still being taken.', 'request_in_progress', 'requestId');
        throw new HttpError(
          502,
          'image_engine_failed',
          `The photo failed; your ${answer.refundedTokens} tokens were refunded. Try again.`,
        );
      }
      const message = await deliverPhoto(db, user.id, chatId, image.imageUrl);
      return { message, price: answer.price, ...balance };
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

    app.get('/Image/batches/:batchId', { preHandler: app.authenticate }, async (request) => {
      const user = currentUser(request);
      const { batchId } = parseQuery(batchParams, request.params);
      const row = await loadBatch(db, batchId);
      if (!row || row.user_id !== user.id) throw notFound('No batch with this id.', 'batch_not_found');
      return batchAnswer(db, row);
    });

    // Sends one of the caller's generated images into the chat with its character, as the user's message.
    app.post('/Image/send-to-chat', { preHandler: app.authenticate }, async (request) => {
      const user = currentUser(request);
      const { imageId } = parseBody(sendToChatBody, request.body);
      const rows = await db.query<StandaloneRow>(
        'SELECT id, content_type, person_model_id, batch_id, created_at FROM images WHERE id = $1 AND owner_user_id = $2 AND is_standalone',
        [imageId, user.id],
      );
      const row = rows[0];
      if (!row) throw notFound('No generated image of yours with this id.', 'image_not_found');
      if (!row.person_model_id)
        throw conflict('This photo has no character to send it to.', 'no_character', 'imageId');
      const { chat } = await startChat(db, user.id, row.person_model_id);
      const message = await appendUserMessage(db, user.id, chat.id, {
        imageUrl: imageUrl(row.id, row.content_type),
      });
      return { chatId: chat.id, message };
    });

    if (fixtures) {
      // COMPANION_TEST_FIXTURES=1 only, and only for clients on this machine: make the caller's next generations
      // fail, or hold them until released (a reload during generation is then deterministic in e2e).
      app.post('/testing/image-engine', { preHandler: app.authenticate }, async (request) => {
        if (!isLoopbackAddress(request.ip))
          throw new HttpError(404, 'not_found', 'No route for POST /api/testing/image-engine.');
        const { mode } = parseBody(engineFixtureBody, request.body);
        fixtures.set(currentUser(request).id, mode);
        return { mode };
      });
    }

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
