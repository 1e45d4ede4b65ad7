import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { matchRoutePattern, type RouteManifest } from '@companion/contracts';
import type { Registry } from '@companion/registry';

interface ManifestAssets {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: {
    path?: string;
    name?: string;
    assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } };
  }[];
}

const REGISTRY_PRELOAD = /\s*<link rel="preload" href="\/registry.json"[^>]*>/;

/** Text safe inside a double-quoted HTML attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Serves the shell's `index.html` with the live registry inlined and preloads for the route's remote
 * (manifest, remoteEntry, exposed chunk and CSS), so a first visit fetches them in parallel with the shell's
 * JS instead of in three serial round trips (spike §7). Route ownership comes from the shell's own build
 * (`routes.json`); without it, or for a shell page, the HTML is served with the registry inline only.
 */
export function createIndexRenderer(options: {
  googleClientId?: string | undefined;
  shellDir: string;
  remotesDir: string;
  readRegistry: () => Promise<Registry>;
}) {
  let template: { mtimeMs: number; html: string; routes: RouteManifest['routes'] } | null = null;
  const manifests = new Map<string, ManifestAssets | null>();

  const loadTemplate = async () => {
    const file = path.join(options.shellDir, 'index.html');
    const { mtimeMs } = await stat(file);
    if (template?.mtimeMs !== mtimeMs) {
      const html = await readFile(file, 'utf8');
      // A shell built without routes.json still works: the page just loads its remote after the JS.
      const routes = await readFile(path.join(options.shellDir, 'routes.json'), 'utf8').then(
        (text) => (JSON.parse(text) as RouteManifest).routes,
        () => [],
      );
      template = { mtimeMs, html, routes };
    }
    return template;
  };

  // Version folders are immutable, so a manifest read once is good for the life of the process.
  const loadManifest = async (remote: string, version: string): Promise<ManifestAssets | null> => {
    const key = `${remote}/${version}`;
    if (!manifests.has(key)) {
      try {
        manifests.set(
          key,
          JSON.parse(
            await readFile(path.join(options.remotesDir, remote, version, 'mf-manifest.json'), 'utf8'),
          ),
        );
      } catch {
        manifests.set(key, null);
      }
    }
    return manifests.get(key) ?? null;
  };

  return async function render(pathname: string): Promise<string> {
    const { html, routes } = await loadTemplate();
    const registry = await options.readRegistry();
    const tags = [`<script id="registry" type="application/json">${scriptJson(registry)}</script>`];
    // The shell shows Google sign-in only when a client id is configured (spec 000 §4).
    if (options.googleClientId) {
      tags.push(`<meta name="google-signin-client_id" content="${attribute(options.googleClientId)}" />`);
    }
    const route = routes.find((candidate) => matchRoutePattern(candidate.path, pathname));
    const entry = route ? registry.remotes[route.remote] : undefined;
    if (route && entry) {
      const base = `/remotes/${route.remote}/${entry.version}/`;
      tags.push(`<link rel="preload" href="${entry.manifest}" as="fetch" crossorigin="anonymous" />`);
      const manifest = await loadManifest(route.remote, entry.version);
      if (manifest) {
        const remoteEntry = manifest.metaData?.remoteEntry;
        tags.push(
          `<link rel="preload" href="${base}${remoteEntry?.path ?? ''}${remoteEntry?.name ?? 'remoteEntry.js'}" as="script" />`,
        );
        const expose = manifest.exposes?.find((e) => e.path === './lifecycles' || e.name === 'lifecycles');
        for (const file of expose?.assets?.js?.sync ?? [])
          tags.push(`<link rel="preload" href="${base}${file}" as="script" />`);
        for (const file of expose?.assets?.css?.sync ?? [])
          tags.push(`<link rel="preload" href="${base}${file}" as="style" />`);
      }
    }
    return html.replace(REGISTRY_PRELOAD, '').replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
  };
}
