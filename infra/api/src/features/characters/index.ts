// Characters (000 §7): explore list, funnels, details, creation, rename, Character Cards and token unlocks.
// This file wires them: the image engine, the seeded catalogue, and the routes in `routes/` (in the order the route
// table lists them).

import type { ImageEngine } from '../../engines/image/image-engine.ts';
import { createImageEngine } from '../../engines/image/create-image-engine.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { ensureCatalogueSeeded } from '../../seed/seed-catalogue.ts';
import { PublicCatalogue } from './person-models.ts';
import { registerCardRoutes } from './routes/card-routes.ts';
import { registerCreateRoutes } from './routes/create-routes.ts';
import { registerExploreRoutes } from './routes/explore-routes.ts';
import { registerDeleteRoutes, registerRenameRoute } from './routes/owner-routes.ts';
import { registerUnlockRoutes } from './routes/unlock-routes.ts';

export { CREATED_BODY_IMAGES } from './creation.ts';

/** Options of the catalogue features; tests inject an engine. */
export interface CatalogueFeatureOptions {
  imageEngine?: ImageEngine;
}

/** Characters: explore list, funnels, details, creation, rename and token unlocks (spec 000 §7). */
export function charactersFeature(options: CatalogueFeatureOptions = {}): FeaturePlugin {
  return async (app, deps: FeatureDeps) => {
    const engine = options.imageEngine ?? createImageEngine();
    const { db } = deps;
    await ensureCatalogueSeeded(db);
    const catalogue = new PublicCatalogue(db);

    registerExploreRoutes(app, deps, catalogue);
    registerCreateRoutes(app, deps, engine);
    registerRenameRoute(app, deps);
    await registerCardRoutes(app, deps);
    registerDeleteRoutes(app, deps);
    registerUnlockRoutes(app, deps);
  };
}
