import {
  LEGAL_PAGES,
  OPS_PATH,
  PATHS,
  matchRoutePattern as matchesPattern,
  mergeRouteClaims,
  type RegistryDocument,
  type RemoteName,
} from '@companion/contracts';

/**
 * Who renders a path: a remote, a page of the shell's own, or the server (never the SPA). `pending` while the
 * registry is not known yet (only when it was not inlined), `unavailable` when it could not be read.
 */
export type RouteOwner =
  | { kind: 'remote'; remote: RemoteName }
  | { kind: 'shell'; page: ShellPage }
  | { kind: 'server' }
  | { kind: 'pending' }
  | { kind: 'unavailable' };

/** Pages the shell renders itself: they must work when every remote is down, or they are the session's. */
type ShellPage = 'legal' | 'maintenance' | 'settings' | 'contact-us' | 'hidden-auth' | 'not-found' | 'ops';

const shell = (page: ShellPage): RouteOwner => ({ kind: 'shell', page });

/**
 * The shell's own pages (spec 000 §2.1) and the server's route. Every other path belongs to the remote that
 * claims it in its registry entry (`companion.routes` of its package.json, ADR 0235); no remote may claim these.
 */
export const SHELL_ROUTES: readonly { path: string; owner: RouteOwner }[] = [
  { path: PATHS.signInStart.pattern, owner: { kind: 'server' } },
  { path: PATHS.hiddenAuth.pattern, owner: shell('hidden-auth') },
  { path: PATHS.contactUs.pattern, owner: shell('contact-us') },
  { path: PATHS.settings.pattern, owner: shell('settings') },
  { path: PATHS.maintenance.pattern, owner: shell('maintenance') },
  { path: OPS_PATH, owner: shell('ops') },
  { path: PATHS.legal.pattern, owner: shell('legal') },
  ...LEGAL_PAGES.map((page) => ({ path: PATHS.legalPage.href({ page }), owner: shell('legal') })),
];

/** Path → owner for one registry: the shell's pages first, then the remotes' merged claims. */
export interface RouteTable {
  /** The owner of a path; unknown paths belong to the not-found page (spec 000 §2.2). */
  match(pathname: string): RouteOwner;
  /** The remote that owns a path, if any (used to preload on intent). */
  remoteFor(pathname: string): RemoteName | null;
}

/**
 * The route table of a registry (`null`: not read yet; `'failed'`: unreadable). Claims that are invalid, name a
 * shell page or are contested by two remotes are ignored here too (deploy already refuses them).
 */
export function createRouteTable(registry: RegistryDocument | null | 'failed'): RouteTable {
  const claims: Record<string, string[]> = {};
  if (registry && registry !== 'failed') {
    for (const [remote, entry] of Object.entries(registry.remotes)) claims[remote] = entry?.routes ?? [];
  }
  const remoteRoutes = mergeRouteClaims(claims).map(({ path, remote }) => ({
    path,
    owner: { kind: 'remote', remote: remote as RemoteName } as RouteOwner,
  }));
  const unmatched: RouteOwner =
    registry === null
      ? { kind: 'pending' }
      : registry === 'failed'
        ? { kind: 'unavailable' }
        : shell('not-found');
  const match = (pathname: string): RouteOwner => {
    for (const route of SHELL_ROUTES) if (matchesPattern(route.path, pathname)) return route.owner;
    for (const route of remoteRoutes) if (matchesPattern(route.path, pathname)) return route.owner;
    return unmatched;
  };
  return {
    match,
    remoteFor(pathname) {
      const owner = match(pathname);
      return owner.kind === 'remote' ? owner.remote : null;
    },
  };
}
