import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  BRAND_HOME_PAGES,
  FUNNEL_BRANDS,
  brandOfHost,
  firstLoadKey,
  isDevelopmentHost,
  matchRoutePattern,
  mergeRouteClaims,
  showsChrome,
  FIRST_SCREEN_ELEMENT_ID,
  lightThemeRequested,
  type BrandId,
  type FirstLoadHint,
  type FirstScreenInput,
  type RegistryEntry,
} from '@companion/contracts';
import type { Registry } from '@companion/registry';
import type { AdPixelConfig } from './ad-pixels.ts';
import { BOT_META } from './bot.ts';
import type { ChromeFrame, FirstScreen } from './first-screen.ts';

interface ManifestAssets {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  /** File → `sha384-…`, written by the remote build (ADR 0246). */
  integrity?: Record<string, string>;
  exposes?: {
    path?: string;
    name?: string;
    assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } };
  }[];
}

const REGISTRY_PRELOAD = /\s*<link rel="preload" href="\/registry.json"[^>]*>/;
/** The shell build's preloads of the chrome's chunk (`data-chrome`, ADR 0278). */
const CHROME_PRELOADS = /\s*<link [^>]*\bdata-chrome\b[^>]*>/g;

/** A style preload (the shell's or a remote's); with a first screen in the page, it becomes a stylesheet. */
const STYLE_PRELOAD =
  /<link ([^>]*?)\s*\bas="style"([^>]*?)\s*\brel="preload"|<link rel="preload" ([^>]*?)\s*\bas="style"/g;
const ROOT_ELEMENT = '<div id="root"></div>';
const DARK_DOCUMENT = /<html\b[^>]*\bdata-theme="dark"/;

/**
 * The page's markup for a first screen (ADR 0452): the remote's server-rendered screen before the shell's root,
 * which the remote's mount moves into its outlet and hydrates; and the CSS preloads as stylesheets, so the screen
 * is styled before any JavaScript.
 */
/** The inlined first-load answers (`#first-load`, ADR 0082), with the whitespace before them. */
const FIRST_LOAD_SCRIPT = /\s*<script id="first-load" type="application\/json">.*?<\/script>/s;

function withFirstScreen(html: string, remote: string, version: string, screen: FirstScreen): string {
  const element =
    `<div id="${FIRST_SCREEN_ELEMENT_ID}" data-remote="${attribute(remote)}" data-version="${attribute(version)}">` +
    `${screen.html}</div>`;
  // The inlined answers (most of the page's bytes) follow the screen: the screen's markup, not the data the scripts
  // read once the document is parsed, comes first down a slow line.
  const answers = FIRST_LOAD_SCRIPT.exec(html)?.[0].trim();
  return (
    html
      .replace(FIRST_LOAD_SCRIPT, '')
      .replace(STYLE_PRELOAD, (_all, before = '', after = '', other = '') =>
        `<link rel="stylesheet" ${[before, after, other].join(' ').trim()}`.replace(/\s+/g, ' '),
      )
      // React's hoisted hints, less those the page has already (the origin preloads the first row's covers itself).
      .replace('</head>', () => `    ${newHints(screen.head, html)}\n  </head>`)
      .replace(ROOT_ELEMENT, () => `${element}\n    ${ROOT_ELEMENT}${answers ? `\n    ${answers}` : ''}`)
  );
}

/** The `<link>` hints of `head` whose `href` the page does not already hint. */
function newHints(head: string, html: string): string {
  return head.replace(/<link [^>]*?href="([^"]*)"[^>]*\/>/g, (link, href: string) =>
    html.includes(`href="${href}"`) ? '' : link,
  );
}

/** Text safe inside a double-quoted HTML attribute. */
function attribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** JSON text made safe inside a `<script>` element. */
function scriptSafe(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** JSON safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
}

/** The largest answer the origin inlines; a bigger one is left for the page to fetch. */
const MAX_INLINE_CHARS = 256 * 1024;

/** Image URLs the origin will write into a preload: same-origin paths or http(s) URLs. */
const PRELOADABLE = /^(\/(?!\/)|https?:\/\/)/;

/** The first image of `item[field]`: a URL, or an object with `imageUrl` (spec 000 §3 allows both). */
function firstImage(item: unknown, field: string): string | null {
  const list = (item as Record<string, unknown> | null)?.[field];
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  const url = typeof first === 'string' ? first : (first as { imageUrl?: unknown } | undefined)?.imageUrl;
  return typeof url === 'string' && PRELOADABLE.test(url) ? url : null;
}

/** What the origin knows of the request besides its URL. */
export interface PageRequest {
  /** The user agent is a crawler's (`bot.ts`): the page tells the shell not to pre-register. */
  bot?: boolean;
  /** The `Host` header: a funnel brand's host serves other pages than the main app (ADR 0285). */
  hostname?: string;
  /** The CDN's country header, for the answers that depend on it (ADR 0455). */
  country?: string | null;
}

/**
 * The brand a request is for, as the shell will resolve it: the production host map, or `?brand=` on a development
 * host (the override the shell may have stored earlier is the browser's: unknown here, so such a page is the main
 * brand's to the origin).
 */
function brandOfRequest(hostname: string, search: URLSearchParams): BrandId | null {
  const mapped = brandOfHost(hostname);
  if (mapped || !isDevelopmentHost(hostname)) return mapped;
  const asked = search.get('brand');
  return FUNNEL_BRANDS.find((brand) => brand === asked) ?? null;
}

/** Images a hint names in an answer, for the page's query (see `FirstLoadHint.images`). */
export function hintedImages(
  images: NonNullable<FirstLoadHint['images']>,
  answer: unknown,
  search: URLSearchParams,
): string[] {
  if (!Array.isArray(answer)) return [];
  const rule = images.rules.find((candidate) =>
    Object.entries(candidate.query ?? {}).every(([name, value]) => search.get(name) === value),
  );
  if (!rule) return [];
  const urls: string[] = [];
  for (const item of answer) {
    if (urls.length >= images.take) break;
    const matches = Object.entries(rule.where).every(
      ([name, value]) => (item as Record<string, unknown> | null)?.[name] === value,
    );
    const url = matches ? firstImage(item, images.field) : null;
    if (url) urls.push(url);
  }
  return urls;
}

/**
 * Serves the shell's `index.html` with the live registry inlined and preloads for the route's remote
 * (manifest, remoteEntry, exposed chunk and CSS), so a first visit fetches them in parallel with the shell's
 * JS instead of in three serial round trips (docs/research/module-federation-spike.md §7). Route ownership
 * comes from the live registry's claims (each remote's `routes`, ADR 0235), merged by the same rule as the
 * shell's; for a shell page or an unclaimed path the HTML is served with the registry inline only.
 */
export function createIndexRenderer(options: {
  googleClientId?: string | undefined;
  /** `SENTRY_DSN`: the shell then also sends its error reports to Sentry (loaded only when an error happens). */
  sentryDsn?: string | undefined;
  /** Ad pixel ids: the shell's tracking module reads them from `<meta name="ad-pixels">`. */
  adPixels?: AdPixelConfig | null;
  shellDir: string;
  remotesDir: string;
  /** Reads a stored remote file; default from `remotesDir` (the bucket store passes its own, ADR 0190). */
  readRemoteFile?: (remote: string, version: string, file: string) => Promise<Buffer | null>;
  /** The registry as this visitor sees it (canaries resolve per visitor, ADR 0247). */
  readRegistry: (visitorId?: string | null) => Promise<Registry>;
  /**
   * A public `GET /api/<key>` for first-load hints (ADR 0082): the parsed JSON, or `undefined` when the API is
   * slow, failing or answers something else; the page then fetches it itself. Absent: nothing is inlined.
   */
  fetchApi?: (key: string, country?: string | null) => Promise<unknown>;
  /** The route remote's first screen from its server entry (ADR 0452, `first-screen.ts`); absent: none. */
  firstScreen?: (
    remote: string,
    entry: RegistryEntry,
    input: FirstScreenInput,
  ) => Promise<FirstScreen | null>;
  /** The shell's chrome around a first screen on a page with chrome (ADR 0453); absent: those pages get none. */
  chromeFrame?: ChromeFrame;
}) {
  const readRemoteText = async (remote: string, version: string, file: string): Promise<string> => {
    if (!options.readRemoteFile)
      return readFile(path.join(options.remotesDir, remote, version, file), 'utf8');
    const body = await options.readRemoteFile(remote, version, file);
    if (!body) throw new Error(`${remote}/${version}/${file} is not stored`);
    return body.toString('utf8');
  };
  let template: { mtimeMs: number; html: string } | null = null;
  const manifests = new Map<string, ManifestAssets | null>();
  const hints = new Map<string, FirstLoadHint[]>();
  // The API reader hands out the same answer object until it refreshes, so each is serialized once, not per page.
  const serialized = new WeakMap<object, string>();
  const serialize = (answer: unknown): string => {
    if (typeof answer !== 'object' || answer === null) return JSON.stringify(answer);
    let text = serialized.get(answer);
    if (text === undefined) serialized.set(answer, (text = scriptSafe(JSON.stringify(answer))));
    return text;
  };

  const loadTemplate = async () => {
    const file = path.join(options.shellDir, 'index.html');
    const { mtimeMs } = await stat(file);
    if (template?.mtimeMs !== mtimeMs) {
      template = { mtimeMs, html: await readFile(file, 'utf8') };
    }
    return template;
  };

  // Version folders are immutable, so a manifest read once is good for the life of the process.
  const loadManifest = async (remote: string, version: string): Promise<ManifestAssets | null> => {
    const key = `${remote}/${version}`;
    if (!manifests.has(key)) {
      try {
        manifests.set(key, JSON.parse(await readRemoteText(remote, version, 'mf-manifest.json')));
      } catch {
        manifests.set(key, null);
      }
    }
    return manifests.get(key) ?? null;
  };

  // `companion-remote.json` is immutable per version like the manifest; a build without hints has none.
  const loadHints = async (remote: string, version: string): Promise<FirstLoadHint[]> => {
    const key = `${remote}/${version}`;
    if (!hints.has(key)) {
      try {
        const info = JSON.parse(await readRemoteText(remote, version, 'companion-remote.json')) as {
          firstLoad?: unknown;
        };
        hints.set(key, Array.isArray(info.firstLoad) ? (info.firstLoad as FirstLoadHint[]) : []);
      } catch {
        hints.set(key, []);
      }
    }
    return hints.get(key) ?? [];
  };

  /** The route's public answers (inlined for the shell's transport) and the image preloads they name. */
  const firstLoad = async (hint: FirstLoadHint, search: URLSearchParams, country: string | null) => {
    const fetchApi = options.fetchApi;
    if (!fetchApi) return { answers: [], values: {}, images: [] };
    const calls = (hint.api ?? []).map((call) => {
      const query: Record<string, string> = {};
      for (const [apiName, pageName] of Object.entries(call.query ?? {})) {
        const value = search.get(pageName);
        if (value !== null) query[apiName] = value;
      }
      const key = firstLoadKey(call.path, query);
      return fetchApi(key, call.country ? country : null).then(
        (answer) => [key, answer] as const,
        () => [key, undefined] as const,
      );
    });
    // The inlined element, `{"<key>":<answer>,…}`, from each answer's serialized text; the same answers by key for
    // the first screen's render (ADR 0453), which must show what the browser's first render will read.
    const answers: string[] = [];
    const values: Record<string, unknown> = {};
    const settled = await Promise.all(calls);
    for (const [key, answer] of settled) {
      if (answer === undefined) continue;
      const text = serialize(answer);
      if (text.length > MAX_INLINE_CHARS) continue;
      answers.push(`${scriptJson(key)}:${text}`);
      values[key] = answer;
    }
    const first = settled[0]?.[1];
    const images = hint.images && first !== undefined ? hintedImages(hint.images, first, search) : [];
    return { answers, values, images };
  };

  /**
   * A first screen on a page with chrome goes inside the shell's chrome frame (ADR 0453), or is not sent: without
   * the chrome around it, the page would jump when the shell renders.
   */
  const inChrome = async (first: FirstScreen, input: FirstScreenInput): Promise<FirstScreen | null> => {
    const frame = options.chromeFrame ? await options.chromeFrame({ ...input, content: first.html }) : null;
    return frame && { html: frame.html, head: `${frame.head}${first.head}` };
  };

  return async function render(
    url: string,
    visitorId: string | null = null,
    { bot = false, hostname = '', country = null }: PageRequest = {},
  ): Promise<string> {
    const [pathname = '/', query = ''] = url.split('?', 2);
    const search = new URLSearchParams(query);
    const brand = brandOfRequest(hostname, search);
    // A funnel brand never shows the chrome, and fbQuiz and fakeChat serve a funnels page at `/` (000 §2.1): the
    // files to preload are that page's.
    const funnelBrand = brand !== null && FUNNEL_BRANDS.includes(brand);
    const page = (pathname === '/' && brand && BRAND_HOME_PAGES[brand]) || pathname;
    const { html } = await loadTemplate();
    const registry = await options.readRegistry(visitorId);
    const routes = mergeRouteClaims(
      Object.fromEntries(Object.entries(registry.remotes).map(([name, entry]) => [name, entry.routes ?? []])),
    );
    const tags = [`<script id="registry" type="application/json">${scriptJson(registry)}</script>`];
    if (bot) tags.push(BOT_META);
    // The shell shows Google sign-in only when a client id is configured (spec 000 §4).
    if (options.googleClientId) {
      tags.push(`<meta name="google-signin-client_id" content="${attribute(options.googleClientId)}" />`);
    }
    if (options.sentryDsn) tags.push(`<meta name="sentry-dsn" content="${attribute(options.sentryDsn)}" />`);
    if (options.adPixels)
      tags.push(`<meta name="ad-pixels" content="${attribute(JSON.stringify(options.adPixels))}" />`);
    const route = routes.find((candidate) => matchRoutePattern(candidate.path, page));
    const entry = route ? registry.remotes[route.remote] : undefined;
    // Anonymous: the session lives in the browser. Rendered once the route's public answers are in (it shows them).
    const input: FirstScreenInput = {
      path: pathname,
      search: query ? `?${query}` : '',
      brand: brand ?? 'main',
      theme: lightThemeRequested(search) ? 'light' : 'dark',
    };
    let answers: Record<string, unknown> = {};
    // The first row's covers, asked for before anything else the head names: on HTTP/1.1's six connections a
    // request queued behind the scripts costs the screen a round trip.
    const covers: string[] = [];
    if (route && entry) {
      const base = `/remotes/${route.remote}/${entry.version}/`;
      tags.push(`<link rel="preload" href="${entry.manifest}" as="fetch" crossorigin="anonymous" />`);
      const manifest = await loadManifest(route.remote, entry.version);
      // The shell loads the entry and chunks with SRI in CORS mode (ADR 0246): the preloads say the same
      // (crossorigin and integrity), or the browser fetches each file twice.
      const sri = (file: string, pinned = manifest?.integrity?.[file]) =>
        ` crossorigin="anonymous"${pinned ? ` integrity="${attribute(pinned)}"` : ''}`;
      const preload = (file: string) =>
        tags.push(
          `<link rel="preload" href="${base}${attribute(file)}" as="${file.endsWith('.css') ? 'style' : 'script'}"${sri(file)} />`,
        );
      if (manifest) {
        const remoteEntry = manifest.metaData?.remoteEntry;
        const entryFile = `${remoteEntry?.path ?? ''}${remoteEntry?.name ?? 'remoteEntry.js'}`;
        tags.push(
          `<link rel="preload" href="${base}${entryFile}" as="script"${sri(entryFile, entry.entryIntegrity ?? manifest.integrity?.[entryFile])} />`,
        );
        const expose = manifest.exposes?.find((e) => e.path === './lifecycles' || e.name === 'lifecycles');
        for (const file of expose?.assets?.js?.sync ?? []) preload(file);
        for (const file of expose?.assets?.css?.sync ?? []) preload(file);
      }
      const hint = (await loadHints(route.remote, entry.version)).find((candidate) =>
        matchRoutePattern(candidate.path, page),
      );
      if (hint) {
        const loaded = await firstLoad(hint, search, country);
        const { images } = loaded;
        answers = loaded.values;
        if (loaded.answers.length > 0) {
          tags.push(`<script id="first-load" type="application/json">{${loaded.answers.join(',')}}</script>`);
        }
        for (const image of images) {
          covers.push(`<link rel="preload" href="${attribute(image)}" as="image" fetchpriority="high" />`);
        }
        // The route's page chunks (ADR 0285), fetched with the exposed chunk instead of after it ran; only files
        // the manifest pins, since the runtime loads them with their integrity.
        for (const file of hint.files ?? []) if (manifest?.integrity?.[file]) preload(file);
      }
    }
    // A path without chrome (a funnel page, maintenance) or a funnel brand's page does not fetch the chrome's chunk
    // (ADR 0278, 0285).
    const chromePage = showsChrome(pathname) && !funnelBrand;
    const screen =
      route && entry && options.firstScreen
        ? options
            .firstScreen(route.remote, entry, { ...input, answers })
            .then((first) => (first && chromePage ? inChrome(first, input) : first))
        : !route && chromePage && options.chromeFrame
          ? // A page of the shell's own (the legal pages): the frame renders it too (ADR 0453).
            options.chromeFrame({ ...input, content: null })
          : Promise.resolve(null);
    const shellHtml = chromePage ? html : html.replace(CHROME_PRELOADS, '');
    const document = shellHtml
      // The query's theme flag wins before any script (the shell's inline script says the same when it runs).
      .replace(DARK_DOCUMENT, (tag) => (lightThemeRequested(search) ? tag.replace('"dark"', '"light"') : tag))
      .replace(REGISTRY_PRELOAD, '')
      .replace(
        /<(?:link|script)\b/,
        (tag) => `${covers.join('\n    ')}${covers.length ? '\n    ' : ''}${tag}`,
      )
      // A function, not a string: inserted text is never read for `$&`, `$'` and the like (a character's tagline
      // or a first screen could hold them).
      .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
    const first = await screen;
    if (!first) return document;
    return route && entry
      ? withFirstScreen(document, route.remote, entry.version, first)
      : withFirstScreen(document, 'shell', 'shell', first);
  };
}
