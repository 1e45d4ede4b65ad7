import type { FirstLoadHint, RegistryDocument, RegistryEntry } from '@companion/contracts';

/** One remote's live entry in `registry.json`: the contracts' type, the one the shell reads at boot. */
export type { RegistryEntry } from '@companion/contracts';

/** The whole `registry.json` document, for remotes of any name. */
export type Registry = RegistryDocument<string>;

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
