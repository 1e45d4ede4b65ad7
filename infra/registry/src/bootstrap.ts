import path from 'node:path';
import { exists, treeDigest } from './files.ts';
import { openStore } from './store.ts';
import type { RemoteStore } from './remote-store.ts';
import type { RegistryEntry } from './types.ts';
import { buildDir, listRemotePackages } from './workspace.ts';
import type { RemotePackage } from './workspace.ts';

/** What `bootstrap` did for one remote. */
export interface BootstrapOutcome {
  remote: string;
  /** `kept`: it already had a registry entry; `deployed`: it got one; `missing`/`failed`: it has none. */
  status: 'kept' | 'deployed' | 'missing' | 'failed';
  version?: string;
  message?: string;
}

/** Options of `bootstrap`. */
export interface BootstrapOptions {
  /** Defaults to `DATA_DIR` or `<repoRoot>/.data`. */
  dataDir?: string;
  /** The store to fill (a bucket, ADR 0190); default the folder store in `dataDir`. */
  store?: RemoteStore;
}

/**
 * Gives every workspace remote without a registry entry one, publishing its `dist/<package version>/`
 * build. It never moves an existing pointer, so a rollback survives a restart.
 */
export async function bootstrap(
  repoRoot: string,
  options: BootstrapOptions = {},
): Promise<BootstrapOutcome[]> {
  const store = options.store ?? openStore(options.dataDir ?? defaultDataDir(repoRoot));
  const registry = await store.readRegistry();
  // Remotes are independent; publishing them side by side overlaps their compression work.
  return Promise.all(
    (await listRemotePackages(repoRoot)).map((pkg) => bootstrapOne(store, pkg, registry.remotes[pkg.name])),
  );
}

async function bootstrapOne(
  store: RemoteStore,
  pkg: RemotePackage,
  live: RegistryEntry | undefined,
): Promise<BootstrapOutcome> {
  const dir = buildDir(pkg, pkg.version);
  if (live) {
    const stale =
      live.version === pkg.version &&
      (await differsFromStored(dir, await store.storedDigest(pkg.name, live.version)));
    // Rebuilding without a version bump leaves the new code unserved; say so instead of serving it silently stale.
    const message = `${dir} differs from the stored ${pkg.name} ${live.version}; versions are immutable, so deploy it as a new one: pnpm remote deploy ${pkg.name} --version <next>`;
    if (stale) return { remote: pkg.name, status: 'kept', version: live.version, message };
    // A newer build (a pull that bumped the version) is not made live behind the operator's back either; say so.
    if (live.version !== pkg.version && (await exists(dir))) {
      const notLive = `${pkg.name} ${pkg.version} is built but ${live.version} is live; to serve it: pnpm remote deploy ${pkg.name} --no-build`;
      return { remote: pkg.name, status: 'kept', version: live.version, message: notLive };
    }
    return { remote: pkg.name, status: 'kept', version: live.version };
  }
  if (!(await exists(dir))) {
    return { remote: pkg.name, status: 'missing', version: pkg.version, message: `no build at ${dir}` };
  }
  try {
    await store.publish(pkg.name, dir);
    // A deploy may have landed since the registry was read: only take the pointer if it is still empty
    // (decided under the lock), so bootstrap never overrides a deploy or rollback.
    const result = await store.setLiveIfAbsent(pkg.name, pkg.version);
    return { remote: pkg.name, status: result.changed ? 'deployed' : 'kept', version: result.to };
  } catch (error) {
    return { remote: pkg.name, status: 'failed', version: pkg.version, message: (error as Error).message };
  }
}

async function differsFromStored(built: string, storedDigest: string | null): Promise<boolean> {
  if (storedDigest === null || !(await exists(built))) return false;
  return (await treeDigest(built)).digest !== storedDigest;
}

/** `DATA_DIR` from the environment, else `<repoRoot>/.data`. */
export function defaultDataDir(repoRoot: string): string {
  return path.resolve(process.env['DATA_DIR'] ?? path.join(repoRoot, '.data'));
}
