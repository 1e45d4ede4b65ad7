import { checkRouteClaims } from '@companion/contracts';
import { RegistryError } from './errors.ts';
import type { Registry } from './types.ts';

/**
 * The routes a build declares in `companion-remote.json` (copied from its package.json `companion.routes`,
 * ADR 0235), or `undefined` for a build made before remotes owned their routes. `where` names the file in errors.
 */
export function routesOfBuild(info: { routes?: unknown }, where: string): string[] | undefined {
  if (info.routes === undefined) return undefined;
  if (!Array.isArray(info.routes) || info.routes.some((route) => typeof route !== 'string')) {
    throw new RegistryError('invalid_build', `${where}: routes must be a list of path patterns.`);
  }
  return info.routes as string[];
}

/**
 * Refuses to make `routes` live for `name` when a pattern is not a route, names a shell or legal page, or is
 * already claimed by another live remote. The registry's other entries are taken as they are: only problems that
 * involve `name` refuse (an old conflict elsewhere is not this deploy's to fix).
 */
export function assertRouteClaims(
  registry: Registry,
  name: string,
  routes: readonly string[] | undefined,
): void {
  const claims: Record<string, readonly string[]> = {};
  for (const [remote, entry] of Object.entries(registry.remotes))
    if (remote !== name && entry.routes) claims[remote] = entry.routes;
  claims[name] = routes ?? [];
  const problems = checkRouteClaims(claims).filter(
    (problem) => problem.remote === name || problem.other?.remote === name,
  );
  if (problems.length === 0) return;
  // Told from the side of the remote being made live: "funnels claims '/gallery', which gallery owns".
  const lines = problems.map((problem) => {
    if (problem.reason !== 'conflict' || !problem.other) return problem.message;
    const [mine, theirs] =
      problem.remote === name ? [problem.path, problem.other] : [problem.other.path, problem];
    return `${name} claims '${mine}', which ${theirs.remote} already owns ('${theirs.path}'); a path has one owner.`;
  });
  throw new RegistryError(
    'route_conflict',
    `${lines.join('\n')}\nNothing was made live; change companion.routes in ${name}'s package.json.`,
  );
}
