// Images (spec 000 §7 `Image/*`): stored image bytes, the wizard's tiles, paid photo batches, photos in chats.
// This file wires them: the engine and painter, the caches, `runBatch` (`batch-runs.ts`) and the routes in `routes/`.
import { createImageEngine } from '../../engines/image/create-image-engine.ts';
import { EmbeddedImageEngine } from '../../engines/image/embedded-image-engine.ts';
import type { ImageEngine } from '../../engines/image/image-engine.ts';
import { ImageCache } from '../../engines/image/image-cache.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { ensureCatalogueSeeded } from '../../seed/seed-catalogue.ts';
import { createBatchRunner } from './batch-runs.ts';
import { EngineFixtures } from './engine-fixtures.ts';
import { registerBatchRoutes } from './routes/batch-routes.ts';
import { registerChatRoutes } from './routes/chat-routes.ts';
import { registerFileRoutes } from './routes/file-routes.ts';
import { registerTestingRoutes } from './routes/testing-routes.ts';

export type { BatchAnswer, StandaloneImage } from './batch-answers.ts';

/** Options of the images feature; tests inject an engine. */
export interface ImagesFeatureOptions {
  imageEngine?: ImageEngine;
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
    const runBatch = createBatchRunner({ db, ledger, engine, fixtures });

    registerFileRoutes(app, { db, painter, cache, tiles });
    registerBatchRoutes(app, db, runBatch);
    registerChatRoutes(app, db, runBatch);
    if (fixtures) registerTestingRoutes(app, fixtures);
  };
}
