import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LEGAL_PAGES,
  MARKETING_PAGES,
  PATHS,
  SHELL_OWNED_PATHS,
  checkRouteClaims,
  matchRoutePattern,
} from '@companion/contracts';
import { listRemotePackages } from './workspace.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** Every remote package's `companion.routes` (ADR 0235). */
async function workspaceClaims(): Promise<Record<string, string[]>> {
  const claims: Record<string, string[]> = {};
  for (const pkg of await listRemotePackages(REPO_ROOT)) {
    const json = JSON.parse(await readFile(path.join(pkg.dir, 'package.json'), 'utf8')) as {
      companion?: { routes?: string[] };
    };
    claims[pkg.name] = json.companion?.routes ?? [];
  }
  return claims;
}

describe("the workspace remotes' route claims", () => {
  it('should not conflict with each other or with the shell', async () => {
    expect(checkRouteClaims(await workspaceClaims())).toEqual([]);
  });

  it('should together with the shell own every path of spec 000 §2.1', async () => {
    const claims = Object.values(await workspaceClaims()).flat();
    const spec = [
      ...Object.values(PATHS)
        .filter((route) => route !== PATHS.legalPage)
        .map((route) => route.pattern.replace(/:[A-Za-z]+/g, 'x')),
      ...LEGAL_PAGES.map((page) => PATHS.legalPage.href({ page })),
      ...MARKETING_PAGES,
    ];
    const unowned = spec.filter(
      (pathname) =>
        !SHELL_OWNED_PATHS.some((pattern) => matchRoutePattern(pattern, pathname)) &&
        !claims.some((pattern) => matchRoutePattern(pattern, pathname)),
    );
    expect(unowned).toEqual([]);
  });
});
