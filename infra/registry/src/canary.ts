import { RegistryError } from './errors.ts';
import type { RegistryEntry } from './types.ts';

/** A canary to set (`percent` 1–99 of visitors get `version`), or null to end one. */
export type CanaryChange = { version: string; percent: number } | null;

/** Throws unless `percent` is a whole number from 1 to 99 (0 ends a canary; 100 is a deploy). */
export function assertCanaryPercent(percent: number): void {
  if (!Number.isInteger(percent) || percent < 1 || percent > 99) {
    throw new RegistryError(
      'invalid_percent',
      `A canary percent must be a whole number from 1 to 99 (0 ends it, 100 is a deploy); got ${percent}.`,
    );
  }
}

/**
 * The live entry with a canary added or removed (ADR 0247). `entry` is the freshly built live entry
 * (what a plain flip writes, so a deploy or rollback ends any canary); `change` undefined means no canary move.
 * Returns null when nothing would change.
 */
export async function withCanary(
  current: RegistryEntry | undefined,
  entry: RegistryEntry,
  change: CanaryChange | undefined,
  entryFor: (version: string) => Promise<RegistryEntry>,
): Promise<RegistryEntry | null> {
  if (change === undefined) {
    const same =
      current &&
      current.version === entry.version &&
      current.integrity === entry.integrity &&
      JSON.stringify(current.routes) === JSON.stringify(entry.routes);
    return same && !current.canary ? null : entry;
  }
  if (change === null) return current?.canary ? entry : null;
  assertCanaryPercent(change.percent);
  if (change.version === entry.version) {
    throw new RegistryError(
      'invalid_version',
      `${change.version} is already live; a canary needs another version.`,
    );
  }
  const { canary: _ignored, ...canaryEntry } = await entryFor(change.version);
  const next = { ...entry, canary: { ...canaryEntry, percent: change.percent } };
  return JSON.stringify(next) === JSON.stringify(current) ? null : next;
}
