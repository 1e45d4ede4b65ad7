// What a remote's name, version, stored paths, build (its info and the files its manifest names) and the registry
// file must be, for every store.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { RegistryError } from './errors.ts';
import { exists } from './files.ts';
import { assertRouteClaims, routesOfBuild } from './route-claims.ts';
import type { Registry, RemoteBuildInfo } from './types.ts';

const NAME_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;
/** The Module Federation manifest of a build, and our build info beside it. */
export const MANIFEST = 'mf-manifest.json';
export const BUILD_INFO = 'companion-remote.json';

/** Throws unless `name` is a valid remote name (it becomes a path segment and a URL segment). */
export function assertRemoteName(name: string): void {
  if (!NAME_PATTERN.test(name)) {
    throw new RegistryError(
      'invalid_name',
      `'${name}' is not a valid remote name (lower-case letters, digits and dashes).`,
    );
  }
}

/** Throws unless `version` is a plain semver version (it becomes a path segment and a URL segment). */
export function assertVersion(version: string): void {
  if (semver.valid(version) !== version) {
    throw new RegistryError('invalid_version', `'${version}' is not a semver version (e.g. 1.4.2).`);
  }
}

/** The same-origin URL of a stored version's manifest. */
export function manifestUrl(name: string, version: string): string {
  return `/remotes/${name}/${version}/${MANIFEST}`;
}

/** Reads and checks a build's `companion-remote.json`. */
export async function readBuildInfo(dir: string): Promise<RemoteBuildInfo> {
  const file = path.join(dir, BUILD_INFO);
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return parseBuildInfo(text, file);
}

/** Checks the text of a build's `companion-remote.json` (null: the file is missing); `location` names it in errors. */
export function parseBuildInfo(text: string | null, location: string): RemoteBuildInfo {
  let info: Partial<RemoteBuildInfo>;
  try {
    if (text === null)
      throw new RegistryError('invalid_build', `${location} is missing; rebuild the remote.`);
    info = JSON.parse(text) as Partial<RemoteBuildInfo>;
  } catch (error) {
    if (error instanceof RegistryError) throw error;
    throw new RegistryError('invalid_build', `${location} is not valid JSON; rebuild the remote.`);
  }
  if (
    typeof info.name !== 'string' ||
    typeof info.version !== 'string' ||
    typeof info.contract !== 'string'
  ) {
    throw new RegistryError('invalid_build', `${location} must hold string name, version and contract.`);
  }
  if (!Number.isInteger(contractMajorOf(info.contract))) {
    throw new RegistryError(
      'invalid_build',
      `${location}: contract '${info.contract}' has no numeric major.`,
    );
  }
  return info as RemoteBuildInfo;
}

/** Checks a build folder before publishing it as `name`: it exists, has a manifest and a matching build info. */
export async function checkBuild(name: string, builtDir: string): Promise<RemoteBuildInfo> {
  assertRemoteName(name);
  if (!(await exists(builtDir))) {
    throw new RegistryError('missing_build', `No build at ${builtDir}; build the remote first.`);
  }
  if (!(await exists(path.join(builtDir, MANIFEST)))) {
    throw new RegistryError(
      'invalid_build',
      `${builtDir} has no ${MANIFEST}; is it a module federation remote build?`,
    );
  }
  const info = await readBuildInfo(builtDir);
  // A route that is not a pattern or names a shell page is refused before anything is stored.
  assertRouteClaims(emptyRegistry(), name, routesOfBuild(info, path.join(builtDir, BUILD_INFO)));
  if (info.name !== name) {
    throw new RegistryError('invalid_build', `${builtDir} is a build of '${info.name}', not '${name}'.`);
  }
  assertVersion(info.version);
  await assertFilesOfManifest(builtDir);
  return info;
}

/**
 * Refuses a build whose manifest names an entry or exposed chunk that is not in the folder (a half-copied or
 * hand-edited build): a shell loading it would fail at mount time, for every visitor, after the flip.
 */
async function assertFilesOfManifest(builtDir: string): Promise<void> {
  let manifest: {
    metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
    exposes?: {
      name?: string;
      assets?: {
        js?: { sync?: unknown[]; async?: unknown[] };
        css?: { sync?: unknown[]; async?: unknown[] };
      };
    }[];
  };
  try {
    manifest = JSON.parse(await readFile(path.join(builtDir, MANIFEST), 'utf8')) as typeof manifest;
  } catch {
    throw new RegistryError('invalid_build', `${path.join(builtDir, MANIFEST)} is not valid JSON.`);
  }
  const entry = manifest.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || entry.name === '') {
    throw new RegistryError('invalid_build', `${path.join(builtDir, MANIFEST)} names no remoteEntry.`);
  }
  const files = [path.posix.join(typeof entry.path === 'string' ? entry.path : '', entry.name)];
  for (const expose of manifest.exposes ?? []) {
    for (const kind of [expose.assets?.js, expose.assets?.css]) {
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])])
        if (typeof file === 'string') files.push(file);
    }
  }
  for (const file of files) {
    if (file.split('/').includes('..') || !(await exists(path.join(builtDir, file)))) {
      throw new RegistryError(
        'invalid_build',
        `${builtDir} lacks ${file}, which its ${MANIFEST} names; rebuild the remote (nothing was deployed).`,
      );
    }
  }
}

/** Throws unless `file` is a plain relative path inside a version folder (no `..`, no dot segment). */
export function assertRelativeFile(file: string): void {
  const segments = file.split('/');
  if (file === '' || segments.some((segment) => segment === '' || segment.startsWith('.'))) {
    throw new RegistryError('invalid_path', `'${file}' is not a file of a stored version.`);
  }
}

/** Major of a contract version string such as `1.0.0`. */
export function contractMajorOf(contract: string): number {
  return Number.parseInt(contract.split('.')[0] ?? '', 10);
}

/** An empty registry, what a fresh data folder serves. */
export function emptyRegistry(): Registry {
  return { schemaVersion: 1, remotes: {} };
}

/** Parses and checks a `registry.json` text; `where` names it in errors. */
export function parseRegistry(text: string, where: string): Registry {
  let parsed: Partial<Registry>;
  try {
    parsed = JSON.parse(text) as Partial<Registry>;
  } catch {
    throw new RegistryError('corrupt_registry', `${where} is not valid JSON.`);
  }
  if (parsed.schemaVersion !== 1 || typeof parsed.remotes !== 'object' || parsed.remotes === null) {
    throw new RegistryError('corrupt_registry', `${where} is not a schemaVersion 1 registry.`);
  }
  return { schemaVersion: 1, remotes: parsed.remotes };
}
