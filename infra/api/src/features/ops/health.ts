import { createHash } from 'node:crypto';
import type { RegistryEntry, RemoteStore } from '@companion/registry';

/** Error reports (any kind but `remote-failed`) and `remote-failed` reports of one remote version. */
export interface ErrorCounts {
  errorReports: number;
  remoteFailed: number;
}

/** `ok`, `missing`, or `integrity_mismatch`: the bytes served differ from the registry's. */
type FileHealth = 'ok' | 'missing' | 'integrity_mismatch';

const sri = (bytes: Buffer) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/**
 * Whether the live version's manifest and entry are there, read through the store the origin serves from (the
 * same bytes a browser gets), and whether they still match the registry's integrity (what the shell checks).
 */
export async function remoteHealth(
  store: RemoteStore,
  name: string,
  live: RegistryEntry,
  remoteEntryFile: (manifest: Buffer) => string | null,
): Promise<{ manifest: FileHealth; entry: FileHealth }> {
  const manifestFile = live.manifest.split('/').pop() ?? 'mf-manifest.json';
  const bytes = await store.readRemoteFile(name, live.version, manifestFile);
  if (!bytes) return { manifest: 'missing', entry: 'missing' };
  const manifest: FileHealth = sri(bytes) === live.integrity ? 'ok' : 'integrity_mismatch';
  const entryPath = remoteEntryFile(bytes);
  const entryBytes = entryPath ? await store.readRemoteFile(name, live.version, entryPath) : null;
  if (!entryBytes) return { manifest, entry: 'missing' };
  const entry: FileHealth =
    live.entryIntegrity && sri(entryBytes) !== live.entryIntegrity ? 'integrity_mismatch' : 'ok';
  return { manifest, entry };
}
