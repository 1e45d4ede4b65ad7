// `pnpm exec tsx e2e/bench/funnels.ts` (after `pnpm run build`): what a paid visitor's first page costs on a
// funnel (target: ≤ 150 KB JS gzip in total, first question visible ≤ 1.5 s throttled), and what the server-rendered
// first screen (ADR 0452) buys: the same build served twice, with server rendering on and off (`FIRST_SCREEN=off`).
// For a sample of quiz variants and the chat funnel, at phone size, localhost and throttled (150 ms, 1.6 Mbps):
// when the first screen is painted (its heading in the DOM and a contentful paint), when the remote's own render
// (the hydration, with server rendering on) has it, JS gzip and requests. Then the origin's cost of one server
// render, and of one server render of explore's `/` inside the shell's chrome frame (ADR 0453). Median of BENCH_RUNS (5).
// Prints; asserts nothing.
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { THROTTLE, countScripts, median, openPage } from './measure.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PORT = Number(process.env['BENCH_FUNNELS_PORT'] ?? 3386);
const OFF_PORT = PORT + 2;
const PAGES = ['/quiz-fb', '/quickdate-honey-anime', '/generation-black', '/chat-landing/7'] as const;

// A string, not a function: tsx's transform would wrap a function in helpers the page does not have.
const PROBE = `(() => {
  const heading = '[data-testid="quiz"] h1, [data-testid="chat-landing"] h1';
  const mark = () => {
    if (window.__inDom === undefined && document.querySelector(heading)) window.__inDom = performance.now();
    if (window.__remote === undefined && document.querySelector('[data-remote-outlet] :is(' + heading + ')'))
      window.__remote = performance.now();
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
})();`;

interface Sample {
  firstScreenMs: number;
  remoteRenderMs: number;
  jsGzipKB: number;
  requests: number;
}

async function measure(browser: Browser, url: string, throttled: boolean): Promise<Sample> {
  // The probe is evaluated as a string, which the page's strict CSP refuses; bypassing it changes no load cost.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, bypassCSP: true });
  const page = await openPage(context, throttled ? THROTTLE : null);
  await page.addInitScript(PROBE);
  const counted = countScripts(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction('window.__remote !== undefined && window.__fcp !== undefined', undefined, {
    timeout: 60_000,
  });
  await page.waitForLoadState('networkidle');
  const { requests, jsGzipBytes } = await counted();
  const [inDom, fcp, remote] = (await page.evaluate(
    '[window.__inDom, window.__fcp, window.__remote]',
  )) as number[];
  await context.close();
  // Painted: the heading is in the page and the page has painted content (not the heading alone in the DOM).
  return {
    firstScreenMs: Math.max(inDom!, fcp!),
    remoteRenderMs: remote!,
    jsGzipKB: jsGzipBytes / 1024,
    requests,
  };
}

/** The origin's cost of one first screen: the funnels server entry called in this process, as the origin calls it. */
async function renderCost(): Promise<{ perSecond: number; p99Ms: number; medianMs: number }> {
  const dist = path.join(REPO_ROOT, 'remotes', 'funnels', 'dist');
  const version = readdirSync(dist)[0]!;
  const entry = (await import(
    pathToFileURL(path.join(dist, version, 'server', 'first-screen.mjs')).href
  )) as {
    renderFirstScreen(input: object): Promise<{ html: string } | null>;
  };
  const input = { path: '/quiz-fb', search: '', brand: 'main', theme: 'dark' } as const;
  for (let i = 0; i < 200; i += 1) await entry.renderFirstScreen(input);
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < 2000; i += 1) {
    const t = performance.now();
    await entry.renderFirstScreen(input);
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { perSecond: Math.round(2000 / (total / 1000)), p99Ms: times[1979]!, medianMs: median(times) };
}

/**
 * The origin's cost of one uncached `/` first screen (ADR 0453): explore's server entry with the catalogue the
 * origin inlines, inside the shell's chrome frame, called in this process as the origin calls them.
 */
async function exploreRenderCost(
  origin: string,
): Promise<{ perSecond: number; p99Ms: number; medianMs: number }> {
  const dist = path.join(REPO_ROOT, 'remotes', 'explore', 'dist');
  const version = readdirSync(dist)[0]!;
  const entry = (await import(
    pathToFileURL(path.join(dist, version, 'server', 'first-screen.mjs')).href
  )) as { renderFirstScreen(input: object): Promise<{ html: string } | null> };
  const shell = (await import(
    pathToFileURL(path.join(REPO_ROOT, 'shell', 'dist', 'server', 'chrome-frame.mjs')).href
  )) as { renderChromeFrame(input: object): Promise<{ html: string } | null> };
  const answers = {
    'PersonModel/top?': (await (await fetch(`${origin}/api/PersonModel/top`)).json()) as unknown,
  };
  const input = { path: '/', search: '', brand: 'main', theme: 'dark', answers } as const;
  const once = async () => {
    const screen = await entry.renderFirstScreen(input);
    await shell.renderChromeFrame({ ...input, content: screen!.html });
  };
  for (let i = 0; i < 100; i += 1) await once();
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < 500; i += 1) {
    const t = performance.now();
    await once();
    times.push(performance.now() - t);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { perSecond: Math.round(500 / (total / 1000)), p99Ms: times[494]!, medianMs: median(times) };
}

const DATA_DIR = path.join(REPO_ROOT, '.bench', 'funnels-data');
const OFF_DATA_DIR = path.join(REPO_ROOT, '.bench', 'funnels-data-off');
for (const dir of [DATA_DIR, OFF_DATA_DIR]) rmSync(dir, { recursive: true, force: true });
const on = await startStack({ port: PORT, apiPort: PORT + 1, dataDir: DATA_DIR });
const off = await startStack({
  port: OFF_PORT,
  apiPort: OFF_PORT + 1,
  dataDir: OFF_DATA_DIR,
  env: { FIRST_SCREEN: 'off' },
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: Record<string, unknown>[] = [];
let cost: Awaited<ReturnType<typeof renderCost>> | undefined;
let exploreCost: Awaited<ReturnType<typeof exploreRenderCost>> | undefined;
try {
  for (const port of [PORT, OFF_PORT]) {
    // Warm each server once so run 1 measures the page, not the server's start (or the entry's first import).
    await measure(browser, `http://127.0.0.1:${port}${PAGES[0]}`, false);
  }
  for (const route of PAGES) {
    for (const throttled of [false, true]) {
      const medians = async (port: number) => {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i += 1)
          samples.push(await measure(browser, `http://127.0.0.1:${port}${route}`, throttled));
        return {
          firstScreen: median(samples.map((s) => s.firstScreenMs)),
          remote: median(samples.map((s) => s.remoteRenderMs)),
          js: median(samples.map((s) => s.jsGzipKB)),
          requests: median(samples.map((s) => s.requests)),
        };
      };
      const server = await medians(PORT);
      const client = await medians(OFF_PORT);
      rows.push({
        page: route,
        profile: throttled ? 'throttled' : 'localhost',
        'first screen, server on (ms)': Math.round(server.firstScreen),
        'first screen, server off (ms)': Math.round(client.firstScreen),
        'on/off': `${(server.firstScreen / client.firstScreen).toFixed(2)}×`,
        'hydrated, on (ms)': Math.round(server.remote),
        'hydrated vs off render': `${(server.remote / client.remote).toFixed(2)}×`,
        'JS KB gz (on / off)': `${server.js.toFixed(1)} / ${client.js.toFixed(1)}`,
        requests: server.requests,
      });
    }
  }
  cost = await renderCost();
  exploreCost = await exploreRenderCost(`http://127.0.0.1:${PORT}`);
} finally {
  await browser.close();
  await stopStack(on.pid!);
  await stopStack(off.pid!);
}
process.stdout.write(
  `\nFunnel pages, phone, cold loads, median of ${RUNS} (throttled = ${THROTTLE.latencyMs} ms latency, ${THROTTLE.downloadKbps} kbps down); target ≤ 150 KB JS gz, first question ≤ 1500 ms throttled; server rendering (ADR 0452): first screen ≤ 0.5× off, hydrated ≤ 1.1× off's first render\n`,
);
console.table(rows);
if (cost)
  process.stdout.write(
    `Origin cost of one /quiz-fb first screen (uncached render, one core): ${cost.perSecond} renders/s, median ${cost.medianMs.toFixed(3)} ms, p99 ${cost.p99Ms.toFixed(3)} ms; the origin keeps the last 500 screens by entry, path, brand and theme, so a repeat costs a map lookup.\n`,
  );
if (exploreCost)
  process.stdout.write(
    `Origin cost of one / first screen (explore's cards from the inlined catalogue inside the shell's chrome frame, uncached, one core): ${exploreCost.perSecond} renders/s, median ${exploreCost.medianMs.toFixed(2)} ms, p99 ${exploreCost.p99Ms.toFixed(2)} ms; kept by entry, path, query, brand, theme and answer, so a repeat costs a map lookup.\n`,
  );
