import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** `sha384-<base64>` of some bytes (the Subresource Integrity format). */
async function sriDigest(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha384-${btoa(binary)}`;
}

/** Thrown when a manifest's bytes do not match the registry's integrity. */
class IntegrityError extends Error {
  override readonly name = 'IntegrityError';
}

/** What the registry pins per manifest URL: the manifest's bytes and, for newer entries, the entry's. */
export interface ExpectedIntegrity {
  manifest: string;
  entry?: string;
}

/** The entry URL a manifest names (`metaData.remoteEntry`, relative to the manifest with `publicPath: 'auto'`). */
export function entryUrlOf(manifestUrl: string, manifest: unknown): string | null {
  const entry = (manifest as { metaData?: { remoteEntry?: { name?: unknown; path?: unknown } } } | null)
    ?.metaData?.remoteEntry;
  if (typeof entry?.name !== 'string' || entry.name === '') return null;
  const dir = typeof entry.path === 'string' && entry.path ? `${entry.path.replace(/\/+$/, '')}/` : '';
  return new URL(`${dir}${entry.name}`, manifestUrl).href;
}

/** Every file a verified manifest pins (`integrity`, written by the remote build), as absolute URL → SRI. */
function filesPinnedBy(manifestUrl: string, manifest: unknown): [string, string][] {
  const integrity = (manifest as { integrity?: unknown } | null)?.integrity;
  if (typeof integrity !== 'object' || integrity === null) return [];
  return Object.entries(integrity)
    .filter((pair): pair is [string, string] => typeof pair[1] === 'string')
    .map(([file, sri]) => [new URL(file, manifestUrl).href, sri]);
}

/**
 * A federation runtime plugin that pins a remote's bytes to the registry (fail closed, ADR 0246):
 * - every manifest is fetched and checked against the registry's `integrity` (a mismatch throws);
 * - the verified manifest pins the entry and the exposed chunks (`integrity` map written by the build), and the
 *   registry's `entryIntegrity` pins the entry: the runtime's script and stylesheet tags for them carry SRI
 *   `integrity` (a mismatch is a load error: the remote's fallback);
 * - the entry's runtime carries the sha384 of every other chunk (Rspack's SubresourceIntegrityPlugin in the
 *   remote build), so the browser checks those too.
 */
export function integrityPlugin(
  expected: () => ReadonlyMap<string, string | ExpectedIntegrity>,
): ModuleFederationRuntimePlugin {
  const pinned = new Map<string, string>();
  /** A script or stylesheet tag for a pinned file, carrying its SRI; none for a file nothing pins. */
  const pinnedElement = <T extends 'script' | 'link'>(
    tag: T,
    url: string,
    attrs: Record<string, unknown> | undefined,
  ): HTMLElementTagNameMap[T] | undefined => {
    const integrity = pinned.get(new URL(url, location.href).href);
    if (!integrity) return undefined;
    const element = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs ?? {})) element.setAttribute(name, String(value));
    if (tag === 'script') (element as HTMLScriptElement).src = url;
    else (element as HTMLLinkElement).href = url;
    element.integrity = integrity;
    element.crossOrigin = 'anonymous';
    return element;
  };
  return {
    name: 'companion-integrity',
    fetch(url, init) {
      const want = expected().get(new URL(url, location.href).href);
      if (!want) return undefined;
      const { manifest: manifestSri, entry: entrySri } = typeof want === 'string' ? { manifest: want } : want;
      return (async () => {
        const response = await fetch(url, init);
        if (!response.ok) return response;
        const bytes = await response.clone().arrayBuffer();
        const got = await sriDigest(bytes);
        if (got !== manifestSri) throw new IntegrityError(`integrity mismatch for ${url}`);
        const manifestUrl = response.url || new URL(url, location.href).href;
        const manifest = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
        for (const [file, sri] of filesPinnedBy(manifestUrl, manifest)) pinned.set(file, sri);
        const entryUrl = entrySri ? entryUrlOf(manifestUrl, manifest) : null;
        if (entryUrl && entrySri) pinned.set(entryUrl, entrySri);
        return response;
      })();
    },
    createScript({ url, attrs }) {
      const script = pinnedElement('script', url, attrs);
      return script && { script };
    },
    createLink({ url, attrs }) {
      const link = pinnedElement('link', url, attrs);
      return link && { link };
    },
  };
}
