import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { RegistryError } from './errors.ts';
import { assertRemoteName } from './checks.ts';

/** A remote package found in the workspace (`remotes/<name>/package.json`). */
export interface RemotePackage {
  name: string;
  /** `@companion/<name>`. */
  packageName: string;
  dir: string;
  /** package.json version: the default deploy version and the build `bootstrap` publishes. */
  version: string;
}

/** Every remote package under `<repoRoot>/remotes/`, sorted by name. */
export async function listRemotePackages(repoRoot: string): Promise<RemotePackage[]> {
  const remotesRoot = path.join(repoRoot, 'remotes');
  let dirs: string[];
  try {
    dirs = await readdir(remotesRoot);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: RemotePackage[] = [];
  for (const dir of dirs.sort()) {
    try {
      const pkg = JSON.parse(await readFile(path.join(remotesRoot, dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === `@companion/${dir}` && typeof pkg.version === 'string') {
        found.push({
          name: dir,
          packageName: pkg.name,
          dir: path.join(remotesRoot, dir),
          version: pkg.version,
        });
      }
    } catch {
      // Not a package folder (stray file or half-created remote): it is simply not a remote.
    }
  }
  return found;
}

/** The workspace remote called `name`, or a readable error listing the known ones. */
export async function findRemotePackage(repoRoot: string, name: string): Promise<RemotePackage> {
  assertRemoteName(name);
  const all = await listRemotePackages(repoRoot);
  const match = all.find((pkg) => pkg.name === name);
  if (!match) {
    throw new RegistryError(
      'unknown_remote',
      `Unknown remote '${name}'. Known remotes: ${all.map((pkg) => pkg.name).join(', ') || '(none)'}.`,
    );
  }
  return match;
}

/** Where a remote's build for `version` lands (`remotes/<name>/dist/<version>/`). */
export function buildDir(pkg: RemotePackage, version: string): string {
  return path.join(pkg.dir, 'dist', version);
}
