import path from 'node:path';
import { SERVER_ENTRY_FILE, type RegistryEntry } from '@companion/contracts';
import { sriSha384 } from './files.ts';

/**
 * The federation entry (`remoteEntry.js`) a manifest names, as a path relative to its version folder, or null
 * when the manifest names none (or is not JSON).
 */
export function remoteEntryFile(manifestBytes: Buffer): string | null {
  try {
    const manifest = JSON.parse(manifestBytes.toString('utf8')) as {
      metaData?: { remoteEntry?: { name?: unknown; path?: unknown } };
    };
    const entry = manifest.metaData?.remoteEntry;
    if (typeof entry?.name !== 'string' || entry.name === '') return null;
    return path.posix.join(typeof entry.path === 'string' ? entry.path : '', entry.name).replace(/^\/+/, '');
  } catch {
    return null;
  }
}

/**
 * `entryIntegrity` of a registry entry (ADR 0246): the sha384 of the entry's bytes. The shell loads the
 * entry with it as the script's `integrity`, and the entry's runtime carries the sha384 of every chunk (Rspack's
 * SubresourceIntegrityPlugin), so the registry pins the manifest, the entry and every chunk.
 */
export async function entryIntegrityOf(
  manifestBytes: Buffer,
  readFile: (file: string) => Promise<Buffer | null>,
): Promise<{ entryIntegrity?: string }> {
  const file = remoteEntryFile(manifestBytes);
  const bytes = file ? await readFile(file) : null;
  return bytes ? { entryIntegrity: sriSha384(bytes) } : {};
}

/**
 * `server` of a registry entry (ADR 0452): the version's server entry and the sha384 of its bytes, which the origin
 * checks before it imports the file; nothing when the remote renders on the client only.
 */
export async function serverEntryOf(
  readFile: (file: string) => Promise<Buffer | null>,
): Promise<Pick<RegistryEntry, 'server'>> {
  const bytes = await readFile(SERVER_ENTRY_FILE);
  return bytes ? { server: { file: SERVER_ENTRY_FILE, integrity: sriSha384(bytes) } } : {};
}
