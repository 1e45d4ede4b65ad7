import type { RemoteName } from './mount.ts';

/**
 * Which remote owns which path, as the shell's build publishes it (`shell/dist/routes.json`), so the origin
 * server can preload a route's remote with the HTML. The shell's route table stays the single source.
 */
export interface RouteManifest {
  schemaVersion: 1;
  routes: { path: string; remote: RemoteName }[];
}

/** Exact, case-sensitive match of a pathname against a pattern with `:param` segments (a trailing slash is ignored). */
export function matchRoutePattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? Boolean(have[i]) : segment === have[i]));
}
