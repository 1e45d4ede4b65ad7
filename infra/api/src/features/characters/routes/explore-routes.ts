// Explore (000 §7): the public top list, funnel lists, the caller's created characters, and one character.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authenticateOptionalWithRow, currentUser } from '../../../http/auth.ts';
import { COMPRESS_THRESHOLD, acceptsPlainGzip } from '../../../http/compression.ts';
import { HttpError, notFound } from '../../../http/errors.ts';
import type { FeatureDeps } from '../../../http/feature.ts';
import { parseParam, parseQuery } from '../../../http/validate.ts';
import { FUNNEL_PRODUCTS } from '../../../seed/characters.ts';
import { loadPersonModel, openGalleryImages, selectPersonModels, toPersonModels } from '../person-models.ts';
import type { CachedList, PublicCatalogue } from '../person-models.ts';
import { assertVisible } from './guards.ts';
import { topQuery } from './schemas.ts';

const FUNNEL_ROUTE = /^([a-z0-9]+)-net-funnel-person-models$/;

/** Registers `PersonModel/top`, `get-created-persons`, `get-person/{id}` and `{product}-net-funnel-person-models`. */
export function registerExploreRoutes(app: FastifyInstance, deps: FeatureDeps, catalogue: PublicCatalogue) {
  const { db } = deps;
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
}
