// `pnpm run build && tsx e2e/bench/session-bench.ts`: the shell's own first-load cost at `/` and the time from
// navigation to an interactive header (the session settled: Login or the profile menu, not a skeleton).
// Prints medians; asserts nothing.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { THROTTLE, median, openPage, type Throttle } from './measure.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 7);
const PORT = Number(process.env['BENCH_SESSION_PORT'] ?? 3360);
const ORIGIN = `http://127.0.0.1:${PORT}`;

interface Sample {
  requests: number;
  shellJsRequests: number;
  shellJsGzip: number;
  remoteJsRequests: number;
  shellJsFiles: { path: string; gzip: number }[];
  apiRequests: number;
  headerInDomMs: number | null;
  headerInteractiveMs: number | null;
  /** Navigation → pre-register sent: mostly the fingerprint (1000 ms budget per signal). */
  preRegisterStartMs: number | null;
  preRegisterMs: number | null;
}

async function measure(browser: Browser, throttle: Throttle | null): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context, throttle);
  // A string, not a function: tsx would wrap a function in helpers the page does not have.
  await page.addInitScript(`(() => {
    sessionStorage.setItem('companion:test-hooks', '1');
    const tick = () => {
      const header = document.querySelector('[data-testid="shell-header"]');
      if (header && window.__headerInDom === undefined) window.__headerInDom = performance.now();
      const status = window.__companionShell && window.__companionShell.session.snapshot().session.status;
      if (header && (status === 'anonymous' || status === 'registered')) {
        window.__headerInteractive = performance.now();
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`);
  const sample: Sample = {
    requests: 0,
    shellJsRequests: 0,
    shellJsGzip: 0,
    remoteJsRequests: 0,
    shellJsFiles: [],
    apiRequests: 0,
    headerInDomMs: null,
    headerInteractiveMs: null,
    preRegisterStartMs: null,
    preRegisterMs: null,
  };
  const pending: Promise<void>[] = [];
  let preRegister: { start: number; end: number } | null = null;
  page.on('requestfinished', (request) => {
    sample.requests += 1;
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) sample.apiRequests += 1;
    if (url.pathname === '/api/Authenticate/pre-register') {
      const timing = request.timing();
      preRegister = { start: timing.startTime, end: timing.startTime + timing.responseEnd };
    }
    if (request.resourceType() !== 'script') return;
    if (url.pathname.startsWith('/remotes/')) {
      sample.remoteJsRequests += 1;
      return;
    }
    sample.shellJsRequests += 1;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const gzip = gzipSync(await response.body(), { level: 6 }).length;
        sample.shellJsGzip += gzip;
        sample.shellJsFiles.push({ path: url.pathname, gzip });
      })(),
    );
  });
  await page.goto(`${ORIGIN}/`, { waitUntil: 'load' });
  await page.waitForFunction('window.__headerInteractive !== undefined', undefined, { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  sample.headerInteractiveMs = Math.round((await page.evaluate('window.__headerInteractive')) as number);
  sample.headerInDomMs = Math.round((await page.evaluate('window.__headerInDom')) as number);
  const timeOrigin = (await page.evaluate('performance.timeOrigin')) as number;
  const answered = preRegister as { start: number; end: number } | null;
  if (answered) {
    sample.preRegisterStartMs = Math.round(answered.start - timeOrigin);
    sample.preRegisterMs = Math.round(answered.end - timeOrigin);
  }
  await context.close();
  return sample;
}

const dataDir = path.join(REPO_ROOT, '.bench', 'session-data');
rmSync(dataDir, { recursive: true, force: true });
const stack = await startStack({ port: PORT, apiPort: PORT + 1, dataDir });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await measure(browser, null); // warm the server (first PGlite writes, module compile), not counted
  for (const [profile, throttle] of [
    ['localhost', null],
    ['throttled 150 ms / 1.6 Mbps', THROTTLE],
  ] as const) {
    const samples: Sample[] = [];
    for (let i = 0; i < RUNS; i += 1) samples.push(await measure(browser, throttle));
    const m = (pick: (s: Sample) => number | null) =>
      median(samples.map(pick).filter((v): v is number => v !== null));
    process.stdout.write(
      [
        `\n/ (${profile}), median of ${RUNS} cold loads:`,
        `  shell JS: ${m((s) => s.shellJsRequests)} requests, ${(m((s) => s.shellJsGzip) / 1024).toFixed(1)} KB gzip`,
        `  remote JS requests: ${m((s) => s.remoteJsRequests)}; API requests: ${m((s) => s.apiRequests)}; all requests: ${m((s) => s.requests)}`,
        `  navigation → header in the DOM: ${m((s) => s.headerInDomMs)} ms; interactive (session settled): ${m((s) => s.headerInteractiveMs)} ms`,
        `  navigation → pre-register sent: ${m((s) => s.preRegisterStartMs)} ms, answered: ${m((s) => s.preRegisterMs)} ms`,
        '',
      ].join('\n'),
    );
    const files = samples[0]!.shellJsFiles.sort((a, b) => b.gzip - a.gzip);
    for (const file of files)
      process.stdout.write(`    ${(file.gzip / 1024).toFixed(1).padStart(6)} KB  ${file.path}\n`);
  }
} finally {
  await browser.close();
  if (stack.pid) await stopStack(stack.pid);
}
