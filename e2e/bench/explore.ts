// `pnpm exec tsx e2e/bench/explore.ts` (after `pnpm run build`): the explore page's first-visit cost in Chromium,
// localhost and throttled (150 ms, 1.6 Mbps): first card image shown, LCP, CLS while the grid fills, JS gzip,
// requests, and when `PersonModel/top` left and answered. Median of BENCH_RUNS (5). Prints; asserts nothing.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { THROTTLE, countScripts, median, openPage } from './measure.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PORT = Number(process.env['BENCH_EXPLORE_PORT'] ?? 3380);
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

interface Sample {
  firstCardImageMs: number | null;
  lcpMs: number | null;
  cls: number;
  jsGzipKB: number;
  requests: number;
  topStartMs: number | null;
  topEndMs: number | null;
}

// A string, not a function: tsx's transform would wrap a function in helpers the page does not have.
const PROBE = `(() => {
  window.__bench = { cls: 0, lcp: null, firstCardImage: null };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__bench.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__bench.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  document.addEventListener('load', (event) => {
    const target = event.target;
    if (window.__bench.firstCardImage === null && target instanceof HTMLImageElement &&
        target.closest('[data-testid="model-card"]')) {
      // Shown on the next frame after it decoded.
      requestAnimationFrame(() => { window.__bench.firstCardImage ??= performance.now(); });
    }
  }, true);
})();`;

async function measure(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number },
  throttled: boolean,
) {
  const context = await browser.newContext({ viewport });
  const page = await openPage(context, throttled ? THROTTLE : null);
  await page.addInitScript(PROBE);
  const counted = countScripts(page);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid="model-card"] img', { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction('window.__bench.firstCardImage !== null', undefined, { timeout: 60_000 });
  // Let late shifts (fonts, the user's banners) land before reading CLS.
  await page.waitForTimeout(500);
  const { requests, jsGzipBytes: jsGzip } = await counted();
  const probe = (await page.evaluate(`(() => {
    const top = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/PersonModel/top'));
    return { ...window.__bench, topStart: top ? top.startTime : null, topEnd: top ? top.responseEnd : null };
  })()`)) as {
    cls: number;
    lcp: number | null;
    firstCardImage: number | null;
    topStart: number | null;
    topEnd: number | null;
  };
  await context.close();
  const sample: Sample = {
    firstCardImageMs: probe.firstCardImage,
    lcpMs: probe.lcp,
    cls: probe.cls,
    jsGzipKB: jsGzip / 1024,
    requests,
    topStartMs: probe.topStart,
    topEndMs: probe.topEnd,
  };
  return sample;
}

const round = (value: number | null, digits = 0) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const med = (samples: Sample[], key: keyof Sample) => {
  const values = samples.map((s) => s[key]).filter((v): v is number => v !== null);
  return values.length === samples.length ? median(values) : null;
};

// A fresh data folder: the registry is bootstrapped from the current builds, not a previous run's.
const DATA_DIR = path.join(REPO_ROOT, '.bench', 'explore-data');
rmSync(DATA_DIR, { recursive: true, force: true });
const stack = await startStack({
  port: PORT,
  apiPort: PORT + 1,
  dataDir: DATA_DIR,
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const rows: Record<string, unknown>[] = [];
try {
  // Warm the API once (seed, first query plan) so run 1 measures the page, not the server's start.
  const warm = await browser.newPage();
  await warm.goto(`http://127.0.0.1:${PORT}/api/PersonModel/top`);
  await warm.close();
  for (const [route, label] of [
    ['/', 'first visit (welcome popup)'],
    ['/?category=anime', 'category link'],
  ] as const) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      for (const throttled of [false, true]) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i += 1)
          samples.push(await measure(browser, `http://127.0.0.1:${PORT}${route}`, viewport, throttled));
        rows.push({
          page: `${route} ${label}`,
          viewport: name,
          profile: throttled ? 'throttled' : 'localhost',
          firstCardImageMs: round(med(samples, 'firstCardImageMs')),
          lcpMs: round(med(samples, 'lcpMs')),
          cls: round(med(samples, 'cls'), 4),
          clsMax: round(Math.max(...samples.map((s) => s.cls)), 4),
          jsGzipKB: round(med(samples, 'jsGzipKB'), 1),
          requests: med(samples, 'requests'),
          topStartMs: round(med(samples, 'topStartMs')),
          topEndMs: round(med(samples, 'topEndMs')),
        });
      }
    }
  }
} finally {
  await browser.close();
  await stopStack(stack.pid!);
}
process.stdout.write(
  `\nExplore cold loads, median of ${RUNS} (throttled = ${THROTTLE.latencyMs} ms latency, ${THROTTLE.downloadKbps} kbps down)\n`,
);
console.table(rows);
