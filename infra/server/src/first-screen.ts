// The route's first screen from the server (ADR 0452): the live version's server entry, checked against the
// registry's sha384, imported once per version and asked for the first screen within a budget. Any failure (not
// stored, integrity, import, no export, a throw, the budget) falls back to today's page for that remote only, and
// is reported; the rest of the page is unaffected.
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FirstScreenInput, RegistryEntry, RenderFirstScreen } from '@companion/contracts';
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
    const key = [entry.server.integrity, input.path, input.search, input.brand, input.theme].join('\n');
    const cached = screens.get(key);
    if (cached !== undefined) return cached;
    try {
      const renderFirstScreen = await within(
        load(remote, entry.version, entry.server),
        loadBudgetMs,
        'loading the server entry',
      );
      const screen = await within(
        Promise.resolve().then(() => renderFirstScreen(input)),
        budgetMs,
        'the render',
      ).catch((error: unknown) => {
        throw error instanceof Failure
          ? error
          : new Failure('threw', error instanceof Error ? error.message : String(error));
      });
      if (screen !== null && (typeof screen?.html !== 'string' || typeof screen.head !== 'string'))
        throw new Failure('threw', 'renderFirstScreen answered something other than { html, head } or null');
      if (screens.size >= CACHE_SIZE) screens.delete(screens.keys().next().value!);
      screens.set(key, screen);
      return screen;
    } catch (error) {
      const failure = error instanceof Failure ? error : new Failure('threw', String(error));
      report({ remote, version: entry.version, reason: failure.reason, message: failure.message });
      return null;
    }
  };
}
