// What every remote store shares, wherever it keeps its files (a folder, a bucket): the interface, the registry
// entry of a stored version, the publish and flip plans, the history records and the pointer moves over a store's
// own guarded flip.

import type { CanaryChange } from './canary.ts';
import { withCanary } from './canary.ts';
import { entryIntegrityOf, serverEntryOf } from './entry-integrity.ts';
import { RegistryError } from './errors.ts';
import { sriSha384, treeDigest } from './files.ts';
import { assertRouteClaims, routesOfBuild } from './route-claims.ts';
import { assertVersion, checkBuild, contractMajorOf, manifestUrl } from './checks.ts';
import type {
  FlipResult,
  HistoryRecord,
  PublishResult,
  Registry,
  RegistryEntry,
  RemoteBuildInfo,
} from './types.ts';

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
    ...(await serverEntryOf(stored.readFile)),
  };
}

/** One pointer move: which remote, why, how its target is chosen from the current entry, and by whom. */
export interface FlipMove {
  name: string;
  action: HistoryRecord['action'];
  pickTarget: (current: RegistryEntry | undefined) => Promise<string>;
  by?: string | undefined;
  canary?: CanaryChange | undefined;
  note?: FlipNote | undefined;
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
  move: FlipMove,
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

/** A build about to be published: its version and digest, and the store's two possible answers. */
export interface PublishPlan {
  version: string;
  /** Tree digest of the build folder (see `treeDigest`). */
  digest: string;
  /** The answer once this publish stored the version. */
  created: PublishResult;
  /** The answer when the version is already stored: a no-op for the same content, else `version_conflict`. */
  alreadyStored(): Promise<PublishResult>;
}

/** The store-independent part of a publish: the checked build, its digest and what the store answers. */
export async function planPublish(
  name: string,
  builtDir: string,
  storedDigest: (name: string, version: string) => Promise<string | null>,
): Promise<PublishPlan> {
  const info = await checkBuild(name, builtDir);
  const source = await treeDigest(builtDir);
  const result = { name, version: info.version, manifest: manifestUrl(name, info.version) };
  return {
    version: info.version,
    digest: source.digest,
    created: { ...result, created: true, files: source.files, bytes: source.bytes },
    async alreadyStored() {
      if ((await storedDigest(name, info.version)) !== source.digest) {
        throw new RegistryError(
          'version_conflict',
          `${name} ${info.version} is already published with different content. Versions are immutable: bump the version (pnpm remote deploy ${name} --version <next>).`,
        );
      }
      return { ...result, created: false, files: 0, bytes: 0 };
    },
  };
}

/** History records (one JSON record per text) of one remote or of all, skipping damaged ones. */
export function parseHistory(texts: Iterable<string>, name?: string): HistoryRecord[] {
  const records: HistoryRecord[] = [];
  for (const text of texts) {
    if (!text.trim()) continue;
    try {
      const record = JSON.parse(text) as HistoryRecord;
      if (name === undefined || record.remote === name) records.push(record);
    } catch {
      // A line torn by a crash mid-append, or a foreign object under the bucket's history prefix: the records
      // around it are still good.
    }
  }
  return records;
}

/** A store's pointer flip: {@link planFlip} under the store's own guard (lock file or compare-and-swap). */
export type Flip = (move: FlipMove) => Promise<FlipResult>;

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
    return flip({ name, action, pickTarget: async () => version, by, note });
  }

  function setLiveIfAbsent(name: string, version: string): Promise<FlipResult> {
    return flip({ name, action: 'deploy', pickTarget: async (current) => current?.version ?? version });
  }

  function rollback(name: string, to?: string, by?: string): Promise<FlipResult> {
    return flip({
      name,
      action: 'rollback',
      pickTarget: async (current) => {
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
    });
  }
  function setCanary(name: string, change: CanaryChange, by?: string): Promise<FlipResult> {
    return flip({
      name,
      action: 'canary',
      pickTarget: async (current) => {
        if (!current)
          throw new RegistryError('unknown_remote', `${name} has no live version to canary beside.`);
        return current.version;
      },
      by,
      canary: change,
    });
  }
  return { setLive, setLiveIfAbsent, rollback, setCanary };
}
