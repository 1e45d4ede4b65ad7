// Byte budgets per route over the production build (ADR 0236): what a first visit to a route must download before
// the route can render, gzip level 6 (the bench's measure). Deterministic: it reads the files, never a browser.
//   shell:  the scripts `shell/dist/index.html` loads and preloads (main, bootstrap, React), the chrome's chunk
//           (`data-chrome`) only for a route that shows the chrome (`showsChrome`, as the origin decides, ADR 0278);
//   remote: the claiming remote's `remoteEntry.js` and the sync JS of its `./lifecycles` expose (mf-manifest), and
//           the JS of the route's page chunks its first-load hint names, which the origin preloads (ADR 0285).
// Chunks a page imports lazily later (a modal, the hub client) are not first-load bytes and are not counted.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { showsChrome } from '@companion/contracts';

/** One JS file a route loads, with its size. */
export interface MeasuredFile {
  /** Stable name: owner and file name without its content hash (`explore/__federation_expose_lifecycles.js`). */
  key: string;
  /** Path relative to the repository root. */
  file: string;
  gzip: number;
  /** The shell's chrome chunk: preloaded only for a path that shows the chrome. */
  chrome?: true;
}

/** What a first visit to one route downloads. */
export interface RouteBytes {
  route: string;
  /** The remote claiming the route, or null for the shell's own pages. */
  remote: string | null;
  files: MeasuredFile[];
  total: number;
  beyondShell: number;
}

/** One line of the budget file. */
export interface Budget {
  route: string;
  totalKB: number;
  beyondShellKB: number;
  line: number;
}

/** The route name of the shell's own pages in the budget file. */
export const SHELL_PAGES = '(shell)';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const withoutHash = (name: string) => name.replace(/\.[0-9a-f]{8}(?=\.js$)/, '');

function measureFile(root: string, file: string, owner: string): MeasuredFile {
  return {
    key: `${owner}/${withoutHash(path.basename(file))}`,
    file: path.relative(root, file),
    gzip: gzipSync(readFileSync(file), { level: 6 }).length,
  };
}

/** The scripts the shell's `index.html` runs or preloads, in document order. */
export function shellBootFiles(root: string): MeasuredFile[] {
  const dist = path.join(root, 'shell', 'dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files: string[] = [];
  const chrome = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith('<script');
    if (!isScript && !(/\brel="?preload"?/.test(tag) && /\bas="?script"?/.test(tag))) continue;
    const src = /\b(?:src|href)="?([^"\s>]+)"?/.exec(tag)?.[1];
    if (!src?.startsWith('/') || !src.endsWith('.js') || files.includes(src)) continue;
    files.push(src);
    if (/\sdata-chrome\b/.test(tag)) chrome.add(src);
  }
  return files.map((src) => {
    const file = measureFile(root, path.join(dist, src), 'shell');
    return chrome.has(src) ? { ...file, chrome: true } : file;
  });
}

/** Every remote package with its claimed routes and its built version folder. */
function remotePackages(root: string) {
  const remotesDir = path.join(root, 'remotes');
  return readdirSync(remotesDir)
    .sort()
    .flatMap((name) => {
      const file = path.join(remotesDir, name, 'package.json');
      if (!existsSync(file)) return [];
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as {
        name?: string;
        version: string;
        companion?: { routes?: string[] };
      };
      if (pkg.name !== `@companion/${name}`) return [];
      return [
        {
          name,
          routes: pkg.companion?.routes ?? [],
          dist: path.join(remotesDir, name, 'dist', pkg.version),
        },
      ];
    });
}

/** The JS a remote adds to a first visit: its entry and the sync chunks of `./lifecycles`. */
export function remoteFirstLoadFiles(root: string, name: string, dist: string): MeasuredFile[] {
  const manifestFile = path.join(dist, 'mf-manifest.json');
  if (!existsSync(manifestFile)) {
    throw new Error(`${path.relative(root, dist)} has no mf-manifest.json: run the production build first`);
  }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    metaData: { remoteEntry: { name: string; path?: string } };
    exposes: { path?: string; name?: string; assets: { js: { sync: string[] } } }[];
  };
  const entry = manifest.metaData.remoteEntry;
  const expose = manifest.exposes.find((e) => e.path === './lifecycles' || e.name === 'lifecycles');
  const files = [path.posix.join(entry.path ?? '', entry.name), ...(expose?.assets.js.sync ?? [])];
  return files.map((file) => measureFile(root, path.join(dist, file), name));
}

/** The JS of a route's page chunks (`companion-remote.json` first-load hint `files`, ADR 0285). */
export function routePageFiles(root: string, name: string, dist: string, route: string): MeasuredFile[] {
  const infoFile = path.join(dist, 'companion-remote.json');
  if (!existsSync(infoFile)) return [];
  const info = JSON.parse(readFileSync(infoFile, 'utf8')) as {
    firstLoad?: { path: string; files?: string[] }[];
  };
  const hint = info.firstLoad?.find((candidate) => candidate.path === route);
  return (hint?.files ?? [])
    .filter((file) => file.endsWith('.js'))
    .map((file) => measureFile(root, path.join(dist, file), name));
}

/** Bytes of every claimed route and of the shell's own pages. */
export function measureRoutes(root: string): RouteBytes[] {
  const shell = shellBootFiles(root);
  const shellTotal = shell.reduce((sum, file) => sum + file.gzip, 0);
  const routes: RouteBytes[] = [
    { route: SHELL_PAGES, remote: null, files: shell, total: shellTotal, beyondShell: 0 },
  ];
  for (const remote of remotePackages(root)) {
    if (remote.routes.length === 0) continue;
    const entry = remoteFirstLoadFiles(root, remote.name, remote.dist);
    for (const route of remote.routes) {
      const boot = showsChrome(route) ? shell : shell.filter((file) => !file.chrome);
      const bootTotal = boot.reduce((sum, file) => sum + file.gzip, 0);
      const own = [...entry, ...routePageFiles(root, remote.name, remote.dist, route)];
      const beyondShell = own.reduce((sum, file) => sum + file.gzip, 0);
      routes.push({
        route,
        remote: remote.name,
        files: [...boot, ...own],
        total: bootTotal + beyondShell,
        beyondShell,
      });
    }
  }
  return routes;
}

/** Parses the budget file: `<route> <total KB> <beyond shell KB>` per line, `#` starts a comment. */
export function parseBudgets(text: string): Budget[] {
  const budgets: Budget[] = [];
  text.split('\n').forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) return;
    const match = /^(\S+)\s+(\d+(?:\.\d+)?)\s+(\d+(?:\.\d+)?)$/.exec(line);
    if (!match)
      throw new Error(`bundle-budgets.txt:${index + 1}: expected '<route> <total KB> <beyond shell KB>'`);
    budgets.push({
      route: match[1]!,
      totalKB: Number(match[2]),
      beyondShellKB: Number(match[3]),
      line: index + 1,
    });
  });
  return budgets;
}

/** Sizes per stable file key, kept beside the budgets so a failure can name the file that grew. */
export type SizeSnapshot = Record<string, number>;

/** The snapshot of a measurement: every file's gzip size by key. */
export function snapshotOf(routes: RouteBytes[]): SizeSnapshot {
  const snapshot: SizeSnapshot = {};
  for (const route of routes) for (const file of route.files) snapshot[file.key] = file.gzip;
  return Object.fromEntries(Object.entries(snapshot).sort(([a], [b]) => a.localeCompare(b)));
}

/** Which of `files` grew against the snapshot, largest growth first (a new file counts whole). */
function grown(files: MeasuredFile[], snapshot: SizeSnapshot): string {
  const growth = files
    .map((file) => ({ file, delta: file.gzip - (snapshot[file.key] ?? 0) }))
    .sort((a, b) => b.delta - a.delta)
    // A few bytes of drift (a content hash inside an entry) is not what broke a budget.
    .filter(({ delta }, index) => delta >= 100 || (index === 0 && delta > 0));
  if (growth.length === 0) return 'no file grew against infra/ci/bundle-sizes.json (the budget was lowered?)';
  return growth
    .slice(0, 3)
    .map(({ file, delta }) =>
      file.key in snapshot
        ? `${file.file} grew ${kb(snapshot[file.key]!)} → ${kb(file.gzip)} KB (+${kb(delta)} KB)`
        : `${file.file} is new (${kb(file.gzip)} KB)`,
    )
    .join('; ');
}

/** Every broken budget, as a message naming the route and the file that grew; empty when all hold. */
export function checkBudgets(routes: RouteBytes[], budgets: Budget[], snapshot: SizeSnapshot): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const budget = budgets.find((b) => b.route === route.route);
    if (!budget) {
      problems.push(
        `${route.route}${route.remote ? ` (${route.remote})` : ''} has no budget: add a line '<route> <total KB> <beyond shell KB>' to bundle-budgets.txt`,
      );
      continue;
    }
    const where = `bundle-budgets.txt:${budget.line}`;
    if (route.total > budget.totalKB * 1024) {
      problems.push(
        `${route.route}: first-load JS is ${kb(route.total)} KB gzip, over its budget of ${budget.totalKB} KB (${where}); ${grown(route.files, snapshot)}`,
      );
    }
    if (route.beyondShell > budget.beyondShellKB * 1024) {
      const own = route.files.filter((file) => !file.key.startsWith('shell/'));
      problems.push(
        `${route.route}: JS beyond the shell is ${kb(route.beyondShell)} KB gzip, over its budget of ${budget.beyondShellKB} KB (${where}); ${grown(own, snapshot)}`,
      );
    }
  }
  for (const budget of budgets) {
    if (!routes.some((route) => route.route === budget.route))
      problems.push(
        `${budget.route} (bundle-budgets.txt:${budget.line}) is claimed by no remote: remove the line`,
      );
  }
  return problems;
}

/** The measurement as a table for the log. */
export function formatRoutes(routes: RouteBytes[], budgets: Budget[]): string {
  const rows = routes.map((route) => {
    const budget = budgets.find((b) => b.route === route.route);
    return [
      route.route,
      route.remote ?? 'shell',
      `${kb(route.total)} / ${budget?.totalKB ?? '?'}`,
      `${kb(route.beyondShell)} / ${budget?.beyondShellKB ?? '?'}`,
    ];
  });
  const header = ['route', 'owner', 'total KB / budget', 'beyond shell KB / budget'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  return [header, ...rows].map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}
