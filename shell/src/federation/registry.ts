import type { RegistryDocument, RegistryEntry, RemoteName } from '@companion/contracts';

/** Thrown when `/registry.json` cannot be fetched or read. */
export class RegistryError extends Error {
  override readonly name = 'RegistryError';
}

const isEntry = (value: unknown): value is RegistryEntry => {
  const v = value as Partial<RegistryEntry> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.version === 'string' &&
    typeof v.manifest === 'string' &&
    typeof v.integrity === 'string' &&
    typeof v.contract === 'number'
  );
};

/** Validates a parsed registry; entries that are malformed are dropped (their areas show the fallback). */
export function parseRegistry(raw: unknown): RegistryDocument {
  const doc = raw as { schemaVersion?: unknown; remotes?: unknown } | null;
  if (!doc || doc.schemaVersion !== 1 || typeof doc.remotes !== 'object' || doc.remotes === null) {
    throw new RegistryError('registry.json has an unknown shape');
  }
  const remotes: RegistryDocument['remotes'] = {};
  for (const [name, entry] of Object.entries(doc.remotes)) {
    if (isEntry(entry)) remotes[name as RemoteName] = entry;
    else console.warn(`[registry] ignoring malformed entry '${name}'`);
  }
  return { schemaVersion: 1, remotes };
}

/**
 * The live registry: the copy the origin server inlined into the HTML (`#registry`, same response as the page,
 * so it cannot be staler than the page), else `/registry.json`.
 */
export async function loadRegistry(
  doc: Document = document,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<RegistryDocument> {
  return readInlineRegistry(doc) ?? fetchRegistry(fetchImpl);
}

/** The registry the origin inlined into the HTML, read synchronously (the route table needs it before rendering). */
export function readInlineRegistry(doc: Document = document): RegistryDocument | null {
  const inline = doc.getElementById('registry')?.textContent;
  if (!inline) return null;
  try {
    return parseRegistry(JSON.parse(inline));
  } catch (error) {
    console.warn('[registry] inline copy unreadable; fetching /registry.json', error);
    return null;
  }
}

/** Fetches `/registry.json` (the server sends it with `no-cache`), retrying once on a network error. */
export async function fetchRegistry(
  fetchImpl: typeof fetch = fetch,
  url = '/registry.json',
): Promise<RegistryDocument> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const response = await fetchImpl(url, { credentials: 'same-origin' });
      if (!response.ok) throw new RegistryError(`registry.json answered ${response.status}`);
      return parseRegistry(await response.json());
    } catch (error) {
      lastError = error;
      if (error instanceof RegistryError) break;
    }
  }
  throw lastError instanceof RegistryError
    ? lastError
    : new RegistryError(`registry.json unreachable: ${String(lastError)}`);
}
