// `pnpm exec tsx e2e/bench/gallery-photos.ts` (after `pnpm run build`): what the gallery and photo-generation routes
// cost. JS each route adds beyond the shell (gzip 6 of the files `/gallery` or `/ai-girlfriend-generator` load that a
// shell-only page, `/contact-us`, does not; budget 30 KB each), the gallery's first card image shown (localhost and
// throttled 150 ms / 1.6 Mbps), and the embedded engine's time per generated image. Median of BENCH_RUNS (5).
// Prints; asserts nothing (timings live only in benches).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { THROTTLE, benchAccount, measureLoad, median, openPage } from './measure.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PORT = Number(process.env['BENCH_GALLERY_PORT'] ?? 3390);
const ORIGIN = `http://127.0.0.1:${PORT}`;

async function firstGalleryImage(browser: Browser, throttled: boolean): Promise<number | null> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context, throttled ? THROTTLE : null);
  await page.addInitScript(`(() => {
    window.__first = null;
    document.addEventListener('load', (event) => {
      const target = event.target;
      if (window.__first === null && target instanceof HTMLImageElement && target.closest('[data-testid="gallery-card"]'))
        requestAnimationFrame(() => { window.__first ??= performance.now(); });
    }, true);
  })();`);
  await page.goto(`${ORIGIN}/gallery?category=realistic`);
  await page.waitForFunction('window.__first !== null', undefined, { timeout: 60_000 });
  const value = (await page.evaluate('window.__first')) as number | null;
  await context.close();
  return value;
}

const DATA_DIR = path.join(REPO_ROOT, '.bench', 'gallery-data');
rmSync(DATA_DIR, { recursive: true, force: true });
const stack = await startStack({ port: PORT, apiPort: PORT + 1, dataDir: DATA_DIR });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const warm = await browser.newPage();
  await warm.goto(`${ORIGIN}/api/PersonModel/top`);
  await warm.close();

  const shell = await measureLoad(browser, `${ORIGIN}/contact-us`);
  const shellFiles = new Set(shell.jsFiles.map((file) => file.url));
  for (const route of ['/gallery', '/ai-girlfriend-generator']) {
    const sample = await measureLoad(browser, `${ORIGIN}${route}`);
    const extra = sample.jsFiles.filter((file) => !shellFiles.has(file.url));
    const kb = extra.reduce((sum, file) => sum + file.gzip, 0) / 1024;
    console.log(`${route}: ${kb.toFixed(1)} KB gz beyond the shell in ${extra.length} files (budget 30 KB)`);
    for (const file of extra) console.log(`  ${file.url} ${(file.gzip / 1024).toFixed(1)} KB`);
  }

  for (const throttled of [false, true]) {
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const value = await firstGalleryImage(browser, throttled);
      if (value !== null) samples.push(value);
    }
    console.log(
      `gallery first image visible, ${throttled ? 'throttled' : 'localhost'}: ${median(samples).toFixed(0)} ms`,
    );
  }

  // Embedded generation: a signed-in visitor with tokens generates batches of 4; time per image from the API.
  const api = await browser.newContext();
  const { headers } = await benchAccount(api.request, ORIGIN, 'bench', 10_000);
  const perImage: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = performance.now();
    const res = await api.request.post(`${ORIGIN}/api/Image/generate-batch-images`, {
      headers,
      data: { style: i % 2 ? 'anime' : 'realistic', count: 4, pose: 'standing', background: 'beach' },
    });
    if (res.status() !== 201) throw new Error(`generation answered ${res.status()}`);
    perImage.push((performance.now() - started) / 4);
  }
  console.log(
    `embedded generation (batch of 4, request round trip): ${median(perImage).toFixed(1)} ms per image`,
  );
  await api.close();
} finally {
  await browser.close();
  await stopStack(stack.pid!);
}
