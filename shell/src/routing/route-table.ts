import {
  LEGAL_PAGES,
  MARKETING_PAGES,
  PATHS,
  matchRoutePattern as matchesPattern,
  type RemoteName,
} from '@companion/contracts';

/** Who renders a path: a remote, a page of the shell's own, or the server (never the SPA). */
export type RouteOwner =
  { kind: 'remote'; remote: RemoteName } | { kind: 'shell'; page: ShellPage } | { kind: 'server' };

/** Pages the shell renders itself: they must work when every remote is down, or they are the session's. */
type ShellPage = 'legal' | 'maintenance' | 'settings' | 'contact-us' | 'hidden-auth' | 'not-found';

const remote = (name: RemoteName): RouteOwner => ({ kind: 'remote', remote: name });
const shell = (page: ShellPage): RouteOwner => ({ kind: 'shell', page });

/** The route table of the main app (spec 000 §2.1): every path and its owner, most specific first. */
export const ROUTE_TABLE: readonly { path: string; owner: RouteOwner }[] = [
  { path: PATHS.home.pattern, owner: remote('explore') },
  { path: PATHS.premiumModels.pattern, owner: remote('explore') },
  { path: PATHS.signInStart.pattern, owner: { kind: 'server' } },
  { path: PATHS.hiddenAuth.pattern, owner: shell('hidden-auth') },
  { path: PATHS.chat.pattern, owner: remote('chat') },
  { path: PATHS.chatThread.pattern, owner: remote('chat') },
  { path: PATHS.createCharacter.pattern, owner: remote('create-character') },
  { path: PATHS.createCharacterWhite.pattern, owner: remote('create-character') },
  { path: PATHS.myAi.pattern, owner: remote('create-character') },
  { path: PATHS.contactUs.pattern, owner: shell('contact-us') },
  { path: PATHS.settings.pattern, owner: shell('settings') },
  { path: PATHS.tokens.pattern, owner: remote('checkout') },
  { path: PATHS.pricing.pattern, owner: remote('checkout') },
  { path: PATHS.magicPagePricing.pattern, owner: remote('checkout') },
  { path: PATHS.magicPageTokens.pattern, owner: remote('checkout') },
  { path: PATHS.photoGeneration.pattern, owner: remote('photo-generation') },
  { path: PATHS.gallery.pattern, owner: remote('gallery') },
  { path: PATHS.maintenance.pattern, owner: shell('maintenance') },
  { path: PATHS.affiliates.pattern, owner: remote('funnels') },
  { path: PATHS.chatLanding.pattern, owner: remote('funnels') },
  { path: PATHS.legal.pattern, owner: shell('legal') },
  ...LEGAL_PAGES.map((page) => ({ path: PATHS.legalPage.href({ page }), owner: shell('legal') })),
  ...MARKETING_PAGES.map((path) => ({ path, owner: remote('funnels') })),
];

/** The owner of a pathname; unknown paths belong to the not-found page (spec 000 §2.2). */
export function matchRoute(pathname: string): RouteOwner {
  for (const route of ROUTE_TABLE) {
    if (matchesPattern(route.path, pathname)) return route.owner;
  }
  return shell('not-found');
}

/** The remote that owns a path, if any (used to preload on intent). */
export function remoteForPath(pathname: string): RemoteName | null {
  const owner = matchRoute(pathname);
  return owner.kind === 'remote' ? owner.remote : null;
}
