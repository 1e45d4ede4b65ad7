import type { FirstLoadHint } from '@companion/contracts';

/** One remote's live entry in `registry.json`, the shape the shell reads at boot. */
export interface RegistryEntry {
  version: string;
  /** Same-origin URL of the version's `mf-manifest.json`. */
  manifest: string;
  /** `sha384-<base64>` of the exact `mf-manifest.json` bytes served. */
  integrity: string;
  /** Major of the contract version the remote was built against. */
  contract: number;
}

/** The whole `registry.json` document. */
export interface Registry {
  schemaVersion: 1;
  remotes: Record<string, RegistryEntry>;
}

/** One line of `registry-history.jsonl`. */
export interface HistoryRecord {
  at: string;
  remote: string;
  action: 'deploy' | 'rollback';
  /** The version live before the change, `null` for a remote's first deploy. */
  from: string | null;
  to: string;
}

/** What a build writes to `companion-remote.json` beside its manifest. */
export interface RemoteBuildInfo {
  name: string;
  version: string;
  contract: string;
  builtAt?: string;
  /** Public data and images the remote's routes read on arrival, which the origin may inline (ADR 0082). */
  firstLoad?: FirstLoadHint[];
}

/** The outcome of publishing one build folder to the store. */
export interface PublishResult {
  name: string;
  version: string;
  /** False when the same version with identical content was already stored (a no-op). */
  created: boolean;
  /** Files and bytes the store gained (0 when nothing was added); precompressed copies excluded. */
  files: number;
  bytes: number;
  /** Same-origin URL of the published manifest. */
  manifest: string;
}

/** The outcome of moving (or not moving) a remote's registry pointer. */
export interface FlipResult {
  remote: string;
  action: 'deploy' | 'rollback';
  from: string | null;
  to: string;
  /** False when `to` was already live: nothing was written and no history was appended. */
  changed: boolean;
  entry: RegistryEntry;
}
