// `pnpm exec tsx e2e/bench/funnels.ts` (after `pnpm run build`): what a paid visitor's first page costs on a
// funnel (target: ≤ 150 KB JS gzip in total, first question visible ≤ 1.5 s throttled). For a sample of
// quiz variants and the chat funnel, at phone size, localhost and throttled (150 ms, 1.6 Mbps): when the first
// screen's heading is in the DOM, JS gzip in total and requests. Median of BENCH_RUNS (5). Prints; asserts nothing.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { THROTTLE, countScripts, median, openPage } from './measure.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PORT = Number(process.env['BENCH_FUNNELS_PORT'] ?? 3386);
const PAGES = ['/quiz-fb', '/quickdate-honey-anime', '/generation-black', '/chat-landing/7'] as const;

// A string, not a function: tsx's transform would wrap a function in helpers the page does not have.
const PROBE = `(() => {
  const mark = () => {
    if (window.__firstScreen === undefined &&
        document.querySelector('[data-testid="quiz"] h1, [data-testid="chat-landing"] h1')) {
      window.__firstScreen = performance.now();
    }
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
})();`;

interface Sample {
  firstScreenMs: number;
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
  await page.waitForFunction('window.__firstScreen !== undefined', undefined, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const { requests, jsGzipBytes } = await counted();
  const firstScreenMs = (await page.evaluate('window.__firstScreen')) as number;
  await context.close();
  return { firstScreenMs, jsGzipKB: jsGzipBytes / 1024, requests };
}

const DATA_DIR = path.join(REPO_ROOT, '.bench', 'funnels-data');
rmSync(DATA_DIR, { recursive: true, force: true });
const stack = await startStack({ port: PORT, apiPort: PORT + 1, dataDir: DATA_DIR });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: Record<string, unknown>[] = [];
try {
  // Warm the server once so run 1 measures the page, not the server's start.
  await measure(browser, `http://127.0.0.1:${PORT}${PAGES[0]}`, false);
  for (const route of PAGES) {
    for (const throttled of [false, true]) {
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i += 1)
        samples.push(await measure(browser, `http://127.0.0.1:${PORT}${route}`, throttled));
      rows.push({
        page: route,
        profile: throttled ? 'throttled' : 'localhost',
        firstScreenMs: Math.round(median(samples.map((s) => s.firstScreenMs))),
        jsGzipKB: Math.round(median(samples.map((s) => s.jsGzipKB)) * 10) / 10,
        requests: median(samples.map((s) => s.requests)),
      });
    }
  }
} finally {
  await browser.close();
  await stopStack(stack.pid!);
}
process.stdout.write(
  `\nFunnel pages, phone, cold loads, median of ${RUNS} (throttled = ${THROTTLE.latencyMs} ms latency, ${THROTTLE.downloadKbps} kbps down); target ≤ 150 KB JS gz, first question ≤ 1500 ms throttled\n`,
);
console.table(rows);
