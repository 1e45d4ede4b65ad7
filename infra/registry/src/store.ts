import { randomBytes } from 'node:crypto';
import { appendFile, cp, mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import semver from 'semver';
import {
  BUILD_INFO,
  MANIFEST,
  assertRelativeFile,
  assertRemoteName,
  assertVersion,
  emptyRegistry,
  parseRegistry,
  readBuildInfo,
} from './checks.ts';
import { exists, precompress, treeDigest, writeFileAtomic } from './files.ts';
import { entryOf, parseHistory, planFlip, planPublish, pointerMoves } from './remote-store.ts';
import type { Flip, RemoteStore } from './remote-store.ts';
import type { HistoryRecord, PublishResult, Registry, RegistryEntry } from './types.ts';

/** The store in a local data folder (the default). */
export interface Store extends RemoteStore {
  readonly kind: 'folder';
  readonly dataDir: string;
  /** Folder holding `<name>/<version>/` immutable builds (served at `/remotes/`). */
  readonly remotesDir: string;
  readonly registryFile: string;
  readonly historyFile: string;
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
    return parseHistory(text.split('\n'), name);
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
    const build = await planPublish(name, builtDir, storedDigest);
    const target = versionDir(name, build.version);
    if (await exists(target)) return build.alreadyStored();
    await mkdir(path.dirname(target), { recursive: true });
    // Dot-prefixed: the static server never serves dotfiles, so a half-copied build is never visible.
    const staging = path.join(
      path.dirname(target),
      `.staging-${build.version}-${randomBytes(6).toString('hex')}`,
    );
    try {
      await cp(builtDir, staging, { recursive: true, errorOnExist: true, force: false });
      await precompress(staging);
      await rename(staging, target);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const code = (error as NodeJS.ErrnoException).code;
      // Another publisher renamed the same version in first: fall back to the identical-or-conflict check.
      if ((code === 'ENOTEMPTY' || code === 'EEXIST') && (await exists(target))) return build.alreadyStored();
      throw error;
    }
    return build.created;
  }

  const flip: Flip = async (move) => {
    assertRemoteName(move.name);
    return withLock(async () => {
      const plan = await planFlip(await readRegistry(), move, entryFor);
      if (plan.write) {
        await writeFileAtomic(registryFile, `${JSON.stringify(plan.write.registry, null, 2)}\n`);
        await appendFile(historyFile, `${JSON.stringify(plan.write.record)}\n`, 'utf8');
      }
      return plan.result;
    });
  };

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
