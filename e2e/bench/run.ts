// `pnpm bench` (after the build): cold-load cost of `/` and of each remote route in Chromium, localhost and throttled
// (150 ms, 1.6 Mbps), against a single-bundle build of the same page without federation (`/` and `/chat`) and against
// the same build with its server-rendered first screen off (`FIRST_SCREEN=off`: `/`, `/premium-models`, ADR 0453,
// and `/pricing`, ADR 0455),
// plus the switch to a not-yet-loaded remote after its link's hover preload. Prints ONE table; asserts nothing.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { buildBaseline } from './baseline/build.ts';
import { THROTTLE, measureLoad, measureSwitch, median, type LoadSample } from './measure.ts';
import { serveStatic } from './static-server.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
// Away from the suites' ports (3310 e2e, 3320 the session suite's development stack).
const PORT = Number(process.env['BENCH_PORT'] ?? 3370);
const BASELINE_PORT = PORT + 2;
const OUT = path.join(REPO_ROOT, '.bench');
const ROUTES = [
  '/',
  '/premium-models',
  '/chat',
  '/create-character',
  '/gallery',
  '/ai-girlfriend-generator',
  '/pricing',
  '/quiz-vip',
];
const BASELINE_ROUTES = ['/', '/chat'];
// Explore's pages and `/pricing` again on a second stack of the same build with server rendering off (ADR 0453, 0455).
const OFF_ROUTES = ['/', '/premium-models', '/pricing'];
const OFF_PORT = PORT + 3;

type Browser = Awaited<ReturnType<typeof chromium.launch>>;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const med = (values: (number | null)[]) =>
  values.every((v): v is number => v !== null) ? median(values) : null;

async function samples(browser: Browser, url: string, throttled: boolean): Promise<LoadSample[]> {
  const out: LoadSample[] = [];
  for (let i = 0; i < RUNS; i += 1)
    out.push(await measureLoad(browser, url, throttled ? THROTTLE : undefined));
  return out;
}

interface Measured {
  jsKB: number;
  beyondKB: number;
  requests: number;
  renderLocal: number | null;
  renderThrottled: number | null;
  hydratedThrottled: number | null;
  cardThrottled: number | null;
  jsBeforeCardKB: number | null;
  files: { url: string; gzip: number }[];
}

async function measureRoute(browser: Browser, origin: string, route: string): Promise<Measured> {
  const local = await samples(browser, origin + route, false);
  const slow = await samples(browser, origin + route, true);
  const beforeCard = med(slow.map((s) => s.jsBeforeCardBytes));
  return {
    jsKB: kb(median(local.map((s) => s.jsGzipBytes))),
    beyondKB: kb(median(local.map((s) => s.jsBeyondShellBytes))),
    requests: median(local.map((s) => s.requests)),
    renderLocal: med(local.map((s) => s.firstRenderMs)),
    renderThrottled: med(slow.map((s) => s.firstRenderMs)),
    hydratedThrottled: med(slow.map((s) => s.hydratedMs)),
    cardThrottled: med(slow.map((s) => s.firstCardImageMs)),
    jsBeforeCardKB: beforeCard === null ? null : kb(beforeCard),
    files: local[0]!.jsFiles,
  };
}

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
process.stdout.write(`Building the single-bundle baseline…\n`);
await buildBaseline(path.join(OUT, 'baseline'));
const stack = await startStack({ port: PORT, apiPort: PORT + 1, dataDir: path.join(OUT, 'data') });
const offStack = await startStack({
  port: OFF_PORT,
  apiPort: OFF_PORT + 1,
  dataDir: path.join(OUT, 'data-off'),
  env: { FIRST_SCREEN: 'off' },
});
const origin = `http://127.0.0.1:${PORT}`;
const baselineServer = await serveStatic(path.join(OUT, 'baseline'), BASELINE_PORT, origin);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const federated = new Map<string, Measured>();
const baseline = new Map<string, Measured>();
const serverOff = new Map<string, Measured>();
const switches: number[] = [];
let switchRemoteRequests = 0;
try {
  // Warm the API once (seed, first query plan) so run 1 measures the page, not the server's start.
  const warm = await browser.newPage();
  await warm.goto(`${origin}/api/PersonModel/top`);
  await warm.goto(`http://127.0.0.1:${OFF_PORT}/api/PersonModel/top`);
  // And each page's server render once (a version's first renders run cold).
  for (const route of ROUTES) await warm.goto(origin + route);
  await warm.close();
  for (const route of ROUTES) federated.set(route, await measureRoute(browser, origin, route));
  for (const route of BASELINE_ROUTES)
    baseline.set(route, await measureRoute(browser, `http://127.0.0.1:${BASELINE_PORT}`, route));
  for (const route of OFF_ROUTES)
    serverOff.set(route, await measureRoute(browser, `http://127.0.0.1:${OFF_PORT}`, route));
  for (let i = 0; i < RUNS; i += 1) {
    const sample = await measureSwitch(browser, origin);
    if (sample.ms !== null) switches.push(sample.ms);
    switchRemoteRequests = Math.max(switchRemoteRequests, sample.remoteRequestsAfterClick);
  }
} finally {
  await browser.close();
  baselineServer.close();
  await stopStack(stack.pid!);
  await stopStack(offStack.pid!);
}

const ms = (value: number | null) => (value === null ? '—' : Math.round(value));
const ratio = (a: number | null, b: number | null | undefined) => (a && b ? `${(a / b).toFixed(2)}×` : '—');
const rows = [
  ...ROUTES.map((route) => ({ route, build: 'federated', m: federated.get(route)! })),
  ...OFF_ROUTES.map((route) => ({ route, build: 'server render off', m: serverOff.get(route)! })),
  ...BASELINE_ROUTES.map((route) => ({ route, build: 'single bundle', m: baseline.get(route)! })),
].map(({ route, build, m }) => {
  const base = build === 'federated' ? baseline.get(route) : undefined;
  const off = build === 'federated' ? serverOff.get(route) : undefined;
  return {
    route,
    build,
    'JS KB': m.jsKB,
    'beyond shell KB': build === 'federated' ? m.beyondKB : '—',
    requests: m.requests,
    'render ms': ms(m.renderLocal),
    'render throttled ms': ms(m.renderThrottled),
    'hydrated throttled ms': ms(m.hydratedThrottled),
    'first card throttled ms': ms(m.cardThrottled),
    'JS before card KB': m.jsBeforeCardKB ?? '—',
    'vs single bundle (JS / req / card thr.)': base
      ? `${ratio(m.jsKB, base.jsKB)} / ${ratio(m.requests, base.requests)} / ${ratio(m.cardThrottled, base.cardThrottled)}`
      : '—',
    // ADR 0453: the first card (and the page's first render: `/pricing`'s plans) with the server's first screen
    // against without it, and the hydration against the client render's first screen (targets ≤ 0.5× and ≤ 1.1×).
    'vs server render off (card thr. / render thr. / hydrated vs off render thr.)': off
      ? `${ratio(m.cardThrottled, off.cardThrottled)} / ${ratio(m.renderThrottled, off.renderThrottled)} / ${ratio(m.hydratedThrottled, off.renderThrottled)}`
      : '—',
    'switch after hover ms': route === '/pricing' && build === 'federated' ? ms(med(switches)) : '—',
  };
});
process.stdout.write(
  `\nCold loads, median of ${RUNS} (Chromium 1280×800, fresh context each; throttled = ${THROTTLE.latencyMs} ms, ${THROTTLE.downloadKbps} kbps down). JS = gzip-6 of every script until the network is idle; beyond shell = files under /remotes/; switch = / → hover Pricing → click → checkout's first render, localhost.\n`,
);
console.table(rows);
process.stdout.write(
  `Switch: median ${ms(med(switches))} ms of ${switches.length}; files under /remotes/ requested after the click: ${switchRemoteRequests} (most in one run). Load average: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}\n`,
);
writeFileSync(
  path.join(OUT, 'results.json'),
  `${JSON.stringify({ runs: RUNS, loadavg: loadavg(), rows, switches, switchRemoteRequests, federated: Object.fromEntries(federated), serverOff: Object.fromEntries(serverOff), baseline: Object.fromEntries(baseline) }, null, 2)}\n`,
);
process.stdout.write(`Wrote ${path.relative(REPO_ROOT, path.join(OUT, 'results.json'))}\n`);
