// The public image bytes: stored images by id (`images/<uuid>.<ext>`) and the character wizard's tiles.
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../db/database.ts';
import type { EmbeddedImageEngine } from '../../../engines/image/embedded-image-engine.ts';
import { SVG_CONTENT_TYPE } from '../../../engines/image/embedded-image-engine.ts';
import type { ImageCache } from '../../../engines/image/image-cache.ts';
import { extensionFor, loadImage } from '../../../engines/image/image-store.ts';
import { badRequest, notFound } from '../../../http/errors.ts';
import { parseQuery } from '../../../http/validate.ts';
import { tileQuery } from './schemas.ts';

const FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z]{3,4})$/;

// A year: an image id never changes what it points to.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What the file routes read from: the database, the embedded painter and the served-bytes caches. */
export interface FileRouteDeps {
  db: Database;
  painter: EmbeddedImageEngine;
  cache: ImageCache;
  tiles: Map<string, { contentType: string; body: Buffer }>;
}

/** `GET images/:file` and `GET Image/wizard-tile`: public, immutable, no user data. */
export function registerFileRoutes(app: FastifyInstance, { db, painter, cache, tiles }: FileRouteDeps) {
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
}
