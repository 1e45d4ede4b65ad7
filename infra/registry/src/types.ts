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
  /** Top-level paths the remote owns, from its build (ADR 0235); absent for builds made before. */
  routes?: string[];
  /** `sha384-<base64>` of the entry (`remoteEntry.js`) bytes; the shell loads the entry with it (ADR 0246). */
  entryIntegrity?: string;
  /** A version served to `percent` of visitors (sticky per visitor) before the flip (ADR 0247). */
  canary?: Omit<RegistryEntry, 'canary'> & { percent: number };
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
  /** `canary`: a canary started, changed (`to` = canary version, `percent`) or ended (`percent` 0, `to` = live). */
  action: 'deploy' | 'rollback' | 'canary';
  /** The version live before the change, `null` for a remote's first deploy. */
  from: string | null;
  to: string;
  /** Who made the change (`admin:<email>` from the ops page, `cli:<user>` from `pnpm remote`); absent in old records. */
  by?: string;
  /** For `canary` records: the share of visitors (0 when the canary ended). */
  percent?: number;
  /** `skipped`: deployed with `--skip-smoke`, without the smoke mount (ADR 0248). */
  smoke?: 'skipped';
}

/** What a build writes to `companion-remote.json` beside its manifest. */
export interface RemoteBuildInfo {
  name: string;
  version: string;
  contract: string;
  builtAt?: string;
  /** The top-level paths it owns (its package.json `companion.routes`, ADR 0235). */
  routes?: string[];
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
  action: HistoryRecord['action'];
  from: string | null;
  to: string;
  /** False when `to` was already live: nothing was written and no history was appended. */
  changed: boolean;
  entry: RegistryEntry;
}
