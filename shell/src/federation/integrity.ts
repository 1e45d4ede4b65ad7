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

/**
 * A federation runtime plugin that checks every manifest against the integrity the registry published.
 * Chunk names carry content hashes and are listed by the manifest, so a verified manifest pins the build.
 */
export function integrityPlugin(expected: () => ReadonlyMap<string, string>): ModuleFederationRuntimePlugin {
  return {
    name: 'companion-integrity',
    fetch(url, init) {
      const want = expected().get(new URL(url, location.href).href);
      if (!want) return undefined;
      return (async () => {
        const response = await fetch(url, init);
        if (!response.ok) return response;
        const got = await sriDigest(await response.clone().arrayBuffer());
        if (got !== want) throw new IntegrityError(`integrity mismatch for ${url}`);
        return response;
      })();
    },
  };
}
