// The route's first screen from the server (ADR 0452): the live version's server entry, checked against the
// registry's sha384, imported once per version and asked for the first screen within a budget. Any failure (not
// stored, integrity, import, no export, a throw, the budget) falls back to today's page for that remote only, and
// is reported; the rest of the page is unaffected.
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  FirstScreenInput,
  RegistryEntry,
  RenderChromeFrame,
  RenderFirstScreen,
} from '@companion/contracts';
import { sriSha384 } from '@companion/registry';

/** Why a first screen fell back to the client's render. */
export type FirstScreenFailure = 'missing' | 'integrity' | 'import' | 'no_export' | 'threw' | 'timeout';

export interface FirstScreenReport {
  remote: string;
  version: string;
  reason: FirstScreenFailure;
  message: string;
}

export interface FirstScreenOptions {
  readRemoteFile(remote: string, version: string, file: string): Promise<Buffer | null>;
  /** How long one render may take (default 50 ms); the page is sent without the first screen past it. */
  budgetMs?: number;
  /** How long a request waits for a version's entry to be read and imported the first time (default 1000 ms). */
  loadBudgetMs?: number;
  /** Where checked entries are written to be imported (default a folder of this process under the OS temp). */
  cacheDir?: string;
  report?(failure: FirstScreenReport): void;
}

/** A first screen for the page: the markup for `#first-screen` and the hints for the head. */
export interface FirstScreen {
  html: string;
  head: string;
}

class Failure extends Error {
  constructor(
    readonly reason: FirstScreenFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Resolves with `work`, or rejects with a `timeout` failure after `ms` (the work itself is not stopped). */
function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Failure('timeout', `${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** A first screen, or null for a route the entry does not render. */
const wellFormed = (screen: unknown): screen is FirstScreen | null =>
  screen === null ||
  (typeof (screen as FirstScreen)?.html === 'string' && typeof (screen as FirstScreen).head === 'string');

// The origin's public answers are shared objects until they refresh (`first-load-api.ts`): one id per object keys
// the screens rendered from it, so a refreshed answer renders anew.
const answerIds = new WeakMap<object, number>();
let nextAnswerId = 0;
const answerId = (answer: unknown): string => {
  if (typeof answer !== 'object' || answer === null) return JSON.stringify(answer);
  let id = answerIds.get(answer);
  if (id === undefined) answerIds.set(answer, (id = nextAnswerId += 1));
  return `#${id}`;
};

/** How many first screens are kept (a few kilobytes each): every funnel page per brand and theme fits. */
const CACHE_SIZE = 500;

export function createFirstScreenRenderer(options: FirstScreenOptions) {
  const budgetMs = options.budgetMs ?? 50;
  const loadBudgetMs = options.loadBudgetMs ?? 1000;
  const cacheDir = options.cacheDir ?? path.join(tmpdir(), `companion-first-screen-${process.pid}`);
  const report =
    options.report ??
    ((failure: FirstScreenReport) =>
      console.warn(
        `first screen of ${failure.remote} ${failure.version} fell back to the client (${failure.reason}): ${failure.message}`,
      ));
  // By integrity: version folders are immutable, so an entry checked and imported once serves until the process ends.
  const entries = new Map<string, Promise<RenderFirstScreen>>();
  // Anonymous first screens depend only on the entry and the input: the last CACHE_SIZE answers, by both (a deploy
  // changes the integrity, so it never serves an old screen).
  const screens = new Map<string, FirstScreen | null>();

  const load = (remote: string, version: string, server: NonNullable<RegistryEntry['server']>) => {
    let entry = entries.get(server.integrity);
    if (!entry) {
      entry = (async () => {
        const bytes = await options.readRemoteFile(remote, version, server.file);
        if (!bytes) throw new Failure('missing', `${server.file} is not stored`);
        if (sriSha384(bytes) !== server.integrity)
          throw new Failure('integrity', `${server.file} does not match the registry's integrity`);
        // Named by that digest: one file per entry's content, whatever its version is called.
        const digest = Buffer.from(server.integrity.slice('sha384-'.length), 'base64').toString('hex');
        const file = path.join(cacheDir, `${remote}-${digest}.mjs`);
        await mkdir(cacheDir, { recursive: true });
        await writeFile(file, bytes);
        const module = (await import(pathToFileURL(file).href).catch((error: unknown) => {
          throw new Failure('import', error instanceof Error ? error.message : String(error));
        })) as { renderFirstScreen?: unknown };
        if (typeof module.renderFirstScreen !== 'function')
          throw new Failure('no_export', `${server.file} exports no renderFirstScreen`);
        return module.renderFirstScreen as RenderFirstScreen;
      })();
      // A failed load is tried again by a later request (the store may have been mid-write).
      entry.catch(() => entries.delete(server.integrity));
      entries.set(server.integrity, entry);
    }
    return entry;
  };

  /** The remote's first screen for the request, or null (no server entry, not this route, or a reported failure). */
  return async function render(
    remote: string,
    entry: RegistryEntry,
    input: FirstScreenInput,
  ): Promise<FirstScreen | null> {
    if (!entry.server) return null;
    const answers = Object.entries(input.answers ?? {}).map(
      ([name, answer]) => `${name}=${answerId(answer)}`,
    );
    const key = [entry.server.integrity, input.path, input.search, input.brand, input.theme, ...answers].join(
      '\n',
    );
    const cached = screens.get(key);
    if (cached !== undefined) return cached;
    const remember = (screen: FirstScreen | null) => {
      if (screens.size >= CACHE_SIZE) screens.delete(screens.keys().next().value!);
      screens.set(key, screen);
    };
    try {
      const renderFirstScreen = await within(
        load(remote, entry.version, entry.server),
        loadBudgetMs,
        'loading the server entry',
      );
      const work = Promise.resolve().then(() => renderFirstScreen(input));
      // A render past the budget still finishes (a version's first renders run cold): its answer serves the next
      // request.
      work.then((screen) => wellFormed(screen) && remember(screen)).catch(() => undefined);
      const screen = await within(work, budgetMs, 'the render').catch((error: unknown) => {
        throw error instanceof Failure
          ? error
          : new Failure('threw', error instanceof Error ? error.message : String(error));
      });
      if (!wellFormed(screen))
        throw new Failure('threw', 'renderFirstScreen answered something other than { html, head } or null');
      remember(screen);
      return screen;
    } catch (error) {
      const failure = error instanceof Failure ? error : new Failure('threw', String(error));
      report({ remote, version: entry.version, reason: failure.reason, message: failure.message });
      return null;
    }
  };
}

/**
 * The shell's chrome frame for a page (ADR 0453) around a remote's first screen, or around the shell's own page when
 * `content` is null; null when the path has none or the entry failed (reported).
 */
export type ChromeFrame = (
  input: FirstScreenInput & { content: string | null },
) => Promise<FirstScreen | null>;

/** How many of the shell's own pages are kept (the legal index and its policies, per brand and theme). */
const OWN_PAGES_KEPT = 100;

/**
 * The shell's server entry (`CHROME_FRAME_FILE` in the shell's build folder), imported once per build of it. The
 * shell is deployed with the origin, so its file is not pinned in the registry. A page with chrome whose frame
 * fails is served without a first screen (a remote's screen without the chrome around it would jump when the
 * shell renders), and the failure is reported once per build.
 */
export function createChromeFrame(options: {
  file: string;
  report?: (message: string) => void;
}): ChromeFrame {
  const report =
    options.report ?? ((message: string) => console.warn(`chrome frame fell back to the client: ${message}`));
  let loaded: { mtimeMs: number; render: Promise<RenderChromeFrame | null> } | null = null;
  const load = async (): Promise<RenderChromeFrame | null> => {
    const mtimeMs = await stat(options.file).then(
      (info) => info.mtimeMs,
      () => -1,
    );
    if (loaded?.mtimeMs !== mtimeMs) {
      const render = (async () => {
        if (mtimeMs < 0) throw new Error(`${options.file} is not built`);
        const module = (await import(`${pathToFileURL(options.file).href}?v=${mtimeMs}`)) as {
          renderChromeFrame?: unknown;
        };
        if (typeof module.renderChromeFrame !== 'function')
          throw new Error(`${options.file} exports no renderChromeFrame`);
        return module.renderChromeFrame as RenderChromeFrame;
      })().catch((error: unknown) => {
        report(error instanceof Error ? error.message : String(error));
        return null;
      });
      loaded = { mtimeMs, render };
    }
    return loaded.render;
  };
  // The shell's own pages depend only on the build and the input: kept, so a policy's long text renders once.
  const ownPages = new Map<string, FirstScreen | null>();
  return async (input) => {
    const render = await load();
    if (!render) return null;
    const key =
      input.content === null
        ? [loaded?.mtimeMs, input.path, input.search, input.brand, input.theme].join('\n')
        : null;
    if (key !== null && ownPages.has(key)) return ownPages.get(key) ?? null;
    try {
      const frame = await render(input);
      if (frame !== null && (typeof frame?.html !== 'string' || typeof frame.head !== 'string'))
        throw new Error('renderChromeFrame answered something other than { html, head } or null');
      if (key !== null) {
        if (ownPages.size >= OWN_PAGES_KEPT) ownPages.delete(ownPages.keys().next().value!);
        ownPages.set(key, frame);
      }
      return frame;
    } catch (error) {
      report(error instanceof Error ? error.message : String(error));
      return null;
    }
  };
}
