import { MARKETING_PAGES, PATHS, type RegistryDocument, type RemoteName } from '@companion/contracts';
import { createRouteTable, type RouteTable } from './route-table.ts';

/**
 * Tests only: the route claims the remotes declare in their package.json (`companion.routes`, ADR 0235), as a
 * registry would carry them. `infra/registry`'s workspace test checks the real package files against the spec.
 */
export const TEST_CLAIMS: Record<RemoteName, string[]> = {
  explore: [PATHS.home.pattern, PATHS.premiumModels.pattern],
  chat: [PATHS.chat.pattern, PATHS.chatThread.pattern],
  'create-character': [PATHS.createCharacter.pattern, PATHS.createCharacterWhite.pattern, PATHS.myAi.pattern],
  gallery: [PATHS.gallery.pattern],
  'photo-generation': [PATHS.photoGeneration.pattern],
  checkout: [
    PATHS.pricing.pattern,
    PATHS.tokens.pattern,
    PATHS.magicPagePricing.pattern,
    PATHS.magicPageTokens.pattern,
  ],
  funnels: [...MARKETING_PAGES, PATHS.affiliates.pattern, PATHS.chatLanding.pattern],
};

/** Tests only: a registry entry per remote (version 1.0.0), with its claims. */
export function testRegistry(names: readonly RemoteName[] = Object.keys(TEST_CLAIMS) as RemoteName[]) {
  const registry: RegistryDocument = { schemaVersion: 1, remotes: {} };
  for (const name of names) {
    registry.remotes[name] = {
      version: '1.0.0',
      manifest: `/remotes/${name}/1.0.0/mf-manifest.json`,
      integrity: 'sha384-x',
      contract: 1,
      routes: TEST_CLAIMS[name],
    };
  }
  return registry;
}

/** Tests only: the route table of {@link testRegistry}. */
export const TEST_ROUTES: RouteTable = createRouteTable(testRegistry());
