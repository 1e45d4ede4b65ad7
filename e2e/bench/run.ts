// `pnpm bench` (after the build): cold-load cost of `/` and of each remote route in Chromium, against a
// single-bundle build of the same page without federation. Prints numbers and ratios; asserts nothing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { buildBaseline } from './baseline/build.ts';
import { THROTTLE, measureLoad, median, type LoadSample } from './measure.ts';
import { measureParcelHosts } from './parcel-probe.ts';
import { serveStatic } from './static-server.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
// Away from the suites' ports (3310 e2e, 3320 the session suite's development stack).
const PORT = 3370;
const BASELINE_PORT = 3372;
const OUT = path.join(REPO_ROOT, '.bench');
const ROUTES = [
  '/',
  '/chat',
  '/create-character',
  '/gallery',
  '/ai-girlfriend-generator',
  '/pricing',
  '/quiz-vip',
];

interface Row {
  page: string;
  build: 'federated' | 'single bundle';
  profile: 'localhost' | 'throttled';
  requests: number;
  jsRequests: number;
  jsWireKB: number;
  jsGzipKB: number;
  firstRenderMs: number | null;
}

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

async function sample(
  origin: string,
  route: string,
  profile: Row['profile'],
  build: Row['build'],
  browser: Awaited<ReturnType<typeof chromium.launch>>,
) {
  const samples: LoadSample[] = [];
  for (let i = 0; i < RUNS; i += 1)
    samples.push(await measureLoad(browser, origin + route, profile === 'throttled' ? THROTTLE : undefined));
  const renders = samples.map((s) => s.firstRenderMs).filter((v): v is number => v !== null);
  const row: Row = {
    page: route,
    build,
    profile,
    requests: median(samples.map((s) => s.requests)),
    jsRequests: median(samples.map((s) => s.jsRequests)),
    jsWireKB: kb(median(samples.map((s) => s.jsWireBytes))),
    jsGzipKB: kb(median(samples.map((s) => s.jsGzipBytes))),
    firstRenderMs: renders.length === samples.length ? Math.round(median(renders)) : null,
  };
  return { row, files: samples[0]!.jsFiles };
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
process.stdout.write(`Building the single-bundle baseline…\n`);
await buildBaseline(path.join(OUT, 'baseline'));
const parcel = await measureParcelHosts(path.join(OUT, 'parcel-probe'));
const stack = await startStack({ port: PORT, apiPort: PORT + 1, dataDir: path.join(OUT, 'data') });
const baselineServer = await serveStatic(path.join(OUT, 'baseline'), BASELINE_PORT);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: Row[] = [];
const breakdown: Record<string, { url: string; gzip: number }[]> = {};
try {
  for (const route of ROUTES) {
    const { row, files } = await sample(`http://127.0.0.1:${PORT}`, route, 'localhost', 'federated', browser);
    rows.push(row);
    breakdown[route] = files;
  }
  for (const route of ['/', '/chat']) {
    rows.push(
      (await sample(`http://127.0.0.1:${BASELINE_PORT}`, route, 'localhost', 'single bundle', browser)).row,
    );
  }
  for (const [origin, build] of [
    [`http://127.0.0.1:${PORT}`, 'federated'],
    [`http://127.0.0.1:${BASELINE_PORT}`, 'single bundle'],
  ] as const) {
    rows.push((await sample(origin, '/', 'throttled', build, browser)).row);
  }
} finally {
  await browser.close();
  baselineServer.close();
  await stopStack(stack.pid!);
}

process.stdout.write(
  `\nCold loads, median of ${RUNS} (Chromium, fresh context each; throttled = ${THROTTLE.latencyMs} ms latency, ${THROTTLE.downloadKbps} kbps down)\n`,
);
console.table(rows);
const find = (page: string, build: Row['build'], profile: Row['profile'] = 'localhost') =>
  rows.find((r) => r.page === page && r.build === build && r.profile === profile)!;
const ratios: Record<string, string> = {};
for (const [page, profile] of [
  ['/', 'localhost'],
  ['/chat', 'localhost'],
  ['/', 'throttled'],
] as const) {
  const fed = find(page, 'federated', profile);
  const base = find(page, 'single bundle', profile);
  ratios[`${page} ${profile} JS gzip`] =
    `${fed.jsGzipKB} / ${base.jsGzipKB} KB = ${(fed.jsGzipKB / base.jsGzipKB).toFixed(2)}×`;
  ratios[`${page} ${profile} requests`] =
    `${fed.requests} / ${base.requests} = ${(fed.requests / base.requests).toFixed(2)}×`;
  if (fed.firstRenderMs && base.firstRenderMs) {
    ratios[`${page} ${profile} first render`] =
      `${fed.firstRenderMs} / ${base.firstRenderMs} ms = ${(fed.firstRenderMs / base.firstRenderMs).toFixed(2)}×`;
  }
}
process.stdout.write('\nFederated vs single bundle:\n');
for (const [key, value] of Object.entries(ratios)) process.stdout.write(`  ${key.padEnd(32)} ${value}\n`);
process.stdout.write('\nLargest JS files on / (gzip-6 KB):\n');
for (const file of [...(breakdown['/'] ?? [])].sort((a, b) => b.gzip - a.gzip).slice(0, 8)) {
  process.stdout.write(`  ${String(kb(file.gzip)).padStart(6)}  ${file.url}\n`);
}
process.stdout.write(
  `\nHost mount code (gzip-6, React external): single-spa mountRootParcel + <Parcel> ${kb(parcel.singleSpa)} KB; our outlet ${kb(parcel.ownOutlet)} KB\n`,
);
writeFileSync(
  path.join(OUT, 'results.json'),
  `${JSON.stringify({ runs: RUNS, rows, ratios, breakdown, parcel }, null, 2)}\n`,
);
process.stdout.write(`\nWrote ${path.relative(REPO_ROOT, path.join(OUT, 'results.json'))}\n`);
