// What crosses the federation boundary: the registry document the shell reads at boot, the container name a
// remote is built and loaded under, and the lifecycles a remote exposes (house style rule 3: its whole surface).
import type { BrandId, RemoteMountProps } from './mount.ts';
import type { RemoteName, ThemeMode } from './names.ts';

/** One remote's live entry in `/registry.json` (architecture: "Independent delivery"). */
export interface RegistryEntry {
  version: string;
  /** Same-origin URL of the version's `mf-manifest.json`. */
  manifest: string;
  /** `sha384-<base64>` of the exact `mf-manifest.json` bytes served. */
  integrity: string;
  /** Major of the contract version the remote was built against. */
  contract: number;
  /** Top-level paths the remote owns (`companion.routes` of its package.json, copied at deploy; ADR 0235). */
  routes?: string[];
  /** ADR 0246: `sha384-<base64>` of the entry's bytes; the shell loads the entry with it. */
  entryIntegrity?: string;
  /**
   * ADR 0452: the version's server entry (`server/first-screen.mjs`, built for Node by the remote's own build), pinned
   * like the browser entry; the origin renders the route's first screen with it. Absent: the client renders.
   */
  server?: { file: string; integrity: string };
  /** A version served to `percent` of visitors (sticky per visitor) before the flip (ADR 0247). */
  canary?: Omit<RegistryEntry, 'canary'> & { percent: number };
}

/** The `/registry.json` document; `N` is `string` where the registry stores remotes it does not know by type. */
export interface RegistryDocument<N extends string = RemoteName> {
  schemaVersion: 1;
  /** Every known remote by name (the registry's own view, `N = string`), or the remotes this build knows, each optional. */
  remotes: string extends N ? Record<string, RegistryEntry> : Partial<Record<N, RegistryEntry>>;
}

/** A federation container name must be a JS identifier: `create-character` → `create_character`. */
export function containerName(remote: string): string {
  return remote.replace(/[^a-zA-Z0-9_$]/g, '_');
}

/** Props single-spa adds to the mount props when the shell calls a lifecycle. */
export interface LifecycleProps extends RemoteMountProps {
  name: string;
  domElement: HTMLElement;
}

/** The single-spa lifecycles a remote exposes (`./lifecycles`, or a named parcel); the shell's outlet calls them. */
export interface RemoteLifecycles {
  bootstrap(props: LifecycleProps): Promise<unknown>;
  mount(props: LifecycleProps): Promise<unknown>;
  unmount(props: LifecycleProps): Promise<unknown>;
  update?(props: LifecycleProps): Promise<unknown>;
}

/** Where a remote's server entry lives inside its version folder (ADR 0452). */
export const SERVER_ENTRY_FILE = 'server/first-screen.mjs';

/** The element the origin puts a remote's server-rendered first screen in, before the shell's root (ADR 0452). */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen';

/** What the origin gives a server entry: the request's route, brand and theme (anonymous: no session, no user). */
export interface FirstScreenInput {
  /** The path, e.g. `/quiz-fb`. */
  path: string;
  /** The query string with its `?`, or ''. */
  search: string;
  /** The request's brand (its host, or `?brand=` on a development host); main when none. */
  brand: BrandId;
  theme: ThemeMode;
  /**
   * The public answers the origin inlines into the page for this route (`firstLoadKey` → body, ADR 0082): the
   * server render reads them through the transport's `peek`, as the browser's first render does (ADR 0453).
   */
  answers?: Readonly<Record<string, unknown>>;
}

/**
 * A server entry's one export, `renderFirstScreen`: the route's first screen as HTML, exactly what the remote's
 * first client render makes (the client hydrates it), and the resource hints React hoisted out of it (image
 * preloads) for the page's head; or null for a route it does not render on the server.
 */
export type RenderFirstScreen = (input: FirstScreenInput) => Promise<{ html: string; head: string } | null>;

/** Where the shell's server entry lives inside its build folder: the chrome around a first screen (ADR 0453). */
export const CHROME_FRAME_FILE = 'server/chrome-frame.mjs';

/**
 * Beside it, written by the shell's browser build: the CSS files of each lazily loaded shell page the frame renders
 * (by module, `pages/legal-page.tsx` → `["/assets/….css"]`), which the frame links (ADR 0453).
 */
export const SHELL_PAGE_STYLES_FILE = 'server/page-styles.json';

/** The element of the chrome frame that holds the route remote's first screen (ADR 0453). */
export const FIRST_SCREEN_SLOT_ATTRIBUTE = 'data-first-screen-slot';

/**
 * The shell's server entry's one export, `renderChromeFrame`: the header, sidebar and bottom navigation of a page
 * with chrome as a visitor whose user is not loaded yet sees them, around `content` (a remote's first screen) or,
 * when `content` is null, around the shell's own page for the path (the legal pages); null for a path without chrome
 * or a shell page it does not render on the server.
 */
export type RenderChromeFrame = (
  input: FirstScreenInput & { content: string | null },
) => Promise<{ html: string; head: string } | null>;
