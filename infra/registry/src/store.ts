import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import semver from 'semver';
import { entryIntegrityOf } from './entry-integrity.ts';
import { withCanary } from './canary.ts';
import type { CanaryChange } from './canary.ts';
import { RegistryError } from './errors.ts';
import { exists, precompress, sriSha384, treeDigest, writeFileAtomic } from './files.ts';
import { assertRouteClaims, routesOfBuild } from './route-claims.ts';
import type {
  FlipResult,
  HistoryRecord,
  PublishResult,
  Registry,
  RegistryEntry,
  RemoteBuildInfo,
} from './types.ts';

const NAME_PATTERN = /^[a-z][a-z0-9-]{0,63}$/;
const MANIFEST = 'mf-manifest.json';
const BUILD_INFO = 'companion-remote.json';

/**
 * The remote store, the registry pointer and its history, wherever they live: a local folder (`openStore`, the
 * default) or an S3-compatible bucket (`openS3Store`, ADR 0190). The CLI, bootstrap and the origin use only this.
 */
export interface RemoteStore {
  /** `folder` (local data folder) or `s3` (bucket). */
  readonly kind: 'folder' | 's3';
  /** Where it lives, for messages (`/data/remotes` or `s3://bucket/prefix`). */
  readonly location: string;
  /** Copies a build folder into `<name>/<version>/`; identical content is a no-op, different content fails. */
  publish(name: string, builtDir: string): Promise<PublishResult>;
  /** Points the registry at a stored version and appends the change (and who made it) to the history. */
  setLive(
    name: string,
    version: string,
    action?: HistoryRecord['action'],
    by?: string,
    note?: FlipNote,
  ): Promise<FlipResult>;
  /** Like `setLive`, but leaves an existing pointer alone (decided under the lock). */
  setLiveIfAbsent(name: string, version: string): Promise<FlipResult>;
  /** Points the registry back at `to`, or at the version live before the current one. */
  rollback(name: string, to?: string, by?: string): Promise<FlipResult>;
  /** Serves `version` to `percent` of visitors (sticky per visitor) beside the live one, or ends the canary (null). */
  setCanary(name: string, change: CanaryChange, by?: string): Promise<FlipResult>;
  readRegistry(): Promise<Registry>;
  /** History records, oldest first, of one remote or of all. */
  history(name?: string): Promise<HistoryRecord[]>;
  /** Stored versions of a remote, highest first. */
  versions(name: string): Promise<string[]>;
  /** `registry.json` exactly as stored (an empty registry when there is none yet). */
  readRegistryText(): Promise<string>;
  /** One file of a stored version (`file` is a relative path), or null when it is not there. */
  readRemoteFile(name: string, version: string, file: string): Promise<Buffer | null>;
  /** Tree digest (see `treeDigest`) of a stored version, or null when it is not stored. */
  storedDigest(name: string, version: string): Promise<string | null>;
}

/** The store in a local data folder (the default). */
export interface Store extends RemoteStore {
  readonly kind: 'folder';
  readonly dataDir: string;
  /** Folder holding `<name>/<version>/` immutable builds (served at `/remotes/`). */
  readonly remotesDir: string;
  readonly registryFile: string;
  readonly historyFile: string;
}

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

/** An empty registry, what a fresh data folder serves. */
export function emptyRegistry(): Registry {
  return { schemaVersion: 1, remotes: {} };
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

/** A stored version as one store reads it, for {@link entryOf}. */
export interface StoredVersion {
  /** The manifest's bytes, or null when the version is not stored. */
  manifest: Buffer | null;
  /** The checked `companion-remote.json` of the version. */
  info(): Promise<RemoteBuildInfo>;
  /** Where that file is, for messages. */
  infoLocation: string;
  /** Another file of the version (relative path), or null. */
  readFile(file: string): Promise<Buffer | null>;
}

/**
 * The registry entry of a stored version (manifest URL and integrity, contract major, routes, entry integrity),
 * whichever store holds it; `unknown_version` naming what is stored when it is not.
 */
export async function entryOf(
  name: string,
  version: string,
  stored: StoredVersion,
  versions: (name: string) => Promise<string[]>,
): Promise<RegistryEntry> {
  if (!stored.manifest) {
    const known = await versions(name);
    throw new RegistryError(
      'unknown_version',
      `${name} ${version} is not in the store${known.length ? ` (stored: ${known.join(', ')})` : ' (nothing stored yet)'}.`,
    );
  }
  const info = await stored.info();
  const routes = routesOfBuild(info, stored.infoLocation);
  return {
    version,
    manifest: manifestUrl(name, version),
    integrity: sriSha384(stored.manifest),
    contract: contractMajorOf(info.contract),
    ...(routes ? { routes } : {}),
    ...(await entryIntegrityOf(stored.manifest, stored.readFile)),
  };
}

/** What {@link planFlip} decided: the answer, and what to write unless nothing changed. */
export interface FlipPlan {
  result: FlipResult;
  write: { registry: Registry; record: HistoryRecord } | null;
}

/**
 * The store-independent part of a flip: the target, its entry (with the canary change), the route claims, the
 * next registry and the history record. Each store runs it under its own guard (lock or compare-and-swap).
 */
export async function planFlip(
  registry: Registry,
  move: {
    name: string;
    action: HistoryRecord['action'];
    pickTarget: (current: RegistryEntry | undefined) => Promise<string>;
    by?: string | undefined;
    canary?: CanaryChange | undefined;
    note?: FlipNote | undefined;
  },
  entryFor: (name: string, version: string) => Promise<RegistryEntry>,
): Promise<FlipPlan> {
  const { name, action, by, canary, note } = move;
  const current = registry.remotes[name];
  const to = await move.pickTarget(current);
  assertVersion(to);
  const fresh = await entryFor(name, to);
  const from = current?.version ?? null;
  const entry = await withCanary(current, fresh, canary, (version) => entryFor(name, version));
  if (!entry)
    return {
      result: { remote: name, action, from, to, changed: false, entry: current ?? fresh },
      write: null,
    };
  assertRouteClaims(registry, name, entry.routes);
  const record: HistoryRecord = {
    at: new Date().toISOString(),
    remote: name,
    action,
    from,
    to: canary ? canary.version : to,
    ...(by ? { by } : {}),
    ...(canary !== undefined ? { percent: canary?.percent ?? 0 } : {}),
    ...note,
  };
  return {
    result: { remote: name, action, from, to, changed: true, entry },
    write: { registry: { schemaVersion: 1, remotes: { ...registry.remotes, [name]: entry } }, record },
  };
}

/** Opens (and creates if needed) the store in `dataDir`. */
export function openStore(dataDir: string): Store {
  const remotesDir = path.join(dataDir, 'remotes');
  const registryFile = path.join(dataDir, 'registry.json');
  const historyFile = path.join(dataDir, 'registry-history.jsonl');
  const lockFile = path.join(dataDir, 'registry.lock');

  async function withLock<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(dataDir, { recursive: true });
    // A directory lock works across processes: two `pnpm remote deploy` runs (or a deploy and a
    // starting server) take turns instead of one overwriting the other's read-modify-write.
    const release = await lockfile.lock(registryFile, {
      lockfilePath: lockFile,
      realpath: false,
      stale: 10_000,
      retries: { retries: 200, factor: 1.2, minTimeout: 5, maxTimeout: 100 },
      // The lock is held for milliseconds; a late refresh is not worth crashing the process over.
      onCompromised: () => undefined,
    });
    try {
      return await work();
    } finally {
      await release();
    }
  }

  function versionDir(name: string, version: string): string {
    return path.join(remotesDir, name, version);
  }

  async function entryFor(name: string, version: string): Promise<RegistryEntry> {
    const dir = versionDir(name, version);
    const manifestFile = path.join(dir, MANIFEST);
    return entryOf(
      name,
      version,
      {
        manifest: (await exists(manifestFile)) ? await readFile(manifestFile) : null,
        info: () => readBuildInfo(dir),
        infoLocation: path.join(dir, BUILD_INFO),
        readFile: (file) => readRemoteFile(name, version, file),
      },
      versions,
    );
  }

  async function readRegistry(): Promise<Registry> {
    let text: string;
    try {
      text = await readFile(registryFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyRegistry();
      throw error;
    }
    return parseRegistry(text, registryFile);
  }

  async function readRegistryText(): Promise<string> {
    try {
      return await readFile(registryFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return JSON.stringify(emptyRegistry());
      throw error;
    }
  }

  async function readRemoteFile(name: string, version: string, file: string): Promise<Buffer | null> {
    assertRemoteName(name);
    assertVersion(version);
    assertRelativeFile(file);
    try {
      return await readFile(path.join(versionDir(name, version), file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
      throw error;
    }
  }

  async function storedDigest(name: string, version: string): Promise<string | null> {
    const dir = versionDir(name, version);
    if (!(await exists(dir))) return null;
    return (await treeDigest(dir)).digest;
  }

  async function history(name?: string): Promise<HistoryRecord[]> {
    let text: string;
    try {
      text = await readFile(historyFile, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const records: HistoryRecord[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const record = JSON.parse(line) as HistoryRecord;
        if (name === undefined || record.remote === name) records.push(record);
      } catch {
        // A crash mid-append can leave one torn line; the records around it are still good.
      }
    }
    return records;
  }

  async function versions(name: string): Promise<string[]> {
    assertRemoteName(name);
    let entries: string[];
    try {
      entries = await readdir(path.join(remotesDir, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    return entries.filter((entry) => semver.valid(entry) === entry).sort(semver.rcompare);
  }

  async function publish(name: string, builtDir: string): Promise<PublishResult> {
    const info = await checkBuild(name, builtDir);
    const target = versionDir(name, info.version);
    const source = await treeDigest(builtDir);
    const result = { name, version: info.version, manifest: manifestUrl(name, info.version) };

    const compareWithStored = async (): Promise<PublishResult> => {
      const stored = await treeDigest(target);
      if (stored.digest !== source.digest) {
        throw versionConflict(name, info.version);
      }
      return { ...result, created: false, files: 0, bytes: 0 };
    };

    if (await exists(target)) return compareWithStored();
    await mkdir(path.dirname(target), { recursive: true });
    // Dot-prefixed: the static server never serves dotfiles, so a half-copied build is never visible.
    const staging = path.join(
      path.dirname(target),
      `.staging-${info.version}-${randomBytes(6).toString('hex')}`,
    );
    try {
      await cp(builtDir, staging, { recursive: true, errorOnExist: true, force: false });
      await precompress(staging);
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const code = (error as NodeJS.ErrnoException).code;
      // Another publisher renamed the same version in first: fall back to the identical-or-conflict check.
      if ((code === 'ENOTEMPTY' || code === 'EEXIST') && (await exists(target))) return compareWithStored();
      throw error;
    }
    return { ...result, created: true, files: source.files, bytes: source.bytes };
  }

  async function flip(
    name: string,
    action: HistoryRecord['action'],
    pickTarget: (current: RegistryEntry | undefined) => Promise<string>,
    by?: string,
    canary?: CanaryChange,
    note?: FlipNote,
  ): Promise<FlipResult> {
    assertRemoteName(name);
    return withLock(async () => {
      const plan = await planFlip(
        await readRegistry(),
        { name, action, pickTarget, by, canary, note },
        entryFor,
      );
      if (plan.write) {
        await writeFileAtomic(registryFile, `${JSON.stringify(plan.write.registry, null, 2)}\n`);
        await appendFile(historyFile, `${JSON.stringify(plan.write.record)}\n`, 'utf8');
      }
      return plan.result;
    });
  }

  const { setLive, setLiveIfAbsent, rollback, setCanary } = pointerMoves(flip, history, versions);

  return {
    kind: 'folder',
    location: remotesDir,
    dataDir,
    remotesDir,
    registryFile,
    historyFile,
    publish,
    setLive,
    setLiveIfAbsent,
    rollback,
    setCanary,
    readRegistry,
    history,
    versions,
    readRegistryText,
    readRemoteFile,
    storedDigest,
  };
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

/** The refusal of a second, different build under a published version. */
export function versionConflict(name: string, version: string): RegistryError {
  return new RegistryError(
    'version_conflict',
    `${name} ${version} is already published with different content. Versions are immutable: bump the version (pnpm remote deploy ${name} --version <next>).`,
  );
}

type Flip = (
  name: string,
  action: HistoryRecord['action'],
  pickTarget: (current: RegistryEntry | undefined) => Promise<string>,
  by?: string,
  canary?: CanaryChange,
  note?: FlipNote,
) => Promise<FlipResult>;

/** What a flip adds to its history record besides who and what (a skipped smoke check). */
export type FlipNote = Pick<HistoryRecord, 'smoke'>;

/** `setLive`, `setLiveIfAbsent` and `rollback` of a store, over its own `flip` (the same rules for every store). */
export function pointerMoves(
  flip: Flip,
  history: (name?: string) => Promise<HistoryRecord[]>,
  versions: (name: string) => Promise<string[]>,
): Pick<RemoteStore, 'setLive' | 'setLiveIfAbsent' | 'rollback' | 'setCanary'> {
  function setLive(
    name: string,
    version: string,
    action: HistoryRecord['action'] = 'deploy',
    by?: string,
    note?: FlipNote,
  ): Promise<FlipResult> {
    return flip(name, action, async () => version, by, undefined, note);
  }

  function setLiveIfAbsent(name: string, version: string): Promise<FlipResult> {
    return flip(name, 'deploy', async (current) => current?.version ?? version);
  }

  function rollback(name: string, to?: string, by?: string): Promise<FlipResult> {
    return flip(
      name,
      'rollback',
      async (current) => {
        if (to !== undefined) return to;
        if (!current)
          throw new RegistryError('unknown_remote', `${name} has no live version to roll back from.`);
        // The record that made the current version live names what was live before it.
        const records = await history(name);
        const landing = records
          .reverse()
          .find((record) => record.action !== 'canary' && record.to === current.version);
        if (!landing?.from) {
          throw new RegistryError(
            'no_previous_version',
            `${name} has no earlier version in its history; pass --to <version> (stored: ${(await versions(name)).join(', ')}).`,
          );
        }
        return landing.from;
      },
      by,
    );
  }
  function setCanary(name: string, change: CanaryChange, by?: string): Promise<FlipResult> {
    return flip(
      name,
      'canary',
      async (current) => {
        if (!current)
          throw new RegistryError('unknown_remote', `${name} has no live version to canary beside.`);
        return current.version;
      },
      by,
      change,
    );
  }
  return { setLive, setLiveIfAbsent, rollback, setCanary };
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
