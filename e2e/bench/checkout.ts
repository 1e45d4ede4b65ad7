// `pnpm exec tsx e2e/bench/checkout.ts` (after `pnpm run build`): what the checkout route costs. JS `/pricing` adds
// beyond the shell (gzip of the files it loads that a shell-only page, `/contact-us`, does not; budget 35 KB) and the
// time from clicking 'Continue' on /pricing to the provider's embedded form showing its card field, on localhost and
// throttled (150 ms latency, 1.6 Mbps down). A fresh visitor each run; median of BENCH_RUNS (5).
// Prints; asserts nothing (timings live only in benches).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { THROTTLE, measureLoad, median, openPage } from './measure.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PORT = Number(process.env['BENCH_CHECKOUT_PORT'] ?? 3415);
const ORIGIN = `http://127.0.0.1:${PORT}`;

/** Where the time goes: the start call's answer, the form's frame ready, its card field shown (ms from click). */
interface Split {
  answered: number;
  ready: number;
  shown: number;
}

/** ms from the 'Continue' click to the start answer, the embedded form's frame ready and its card field visible. */
async function continueToCardForm(browser: Browser, throttled: boolean): Promise<Split> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context, throttled ? THROTTLE : null);
  await page.goto(`${ORIGIN}/pricing`);
  const action = page.getByRole('button', { name: 'Continue' });
  await action.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(
    () => document.querySelector('[data-testid="plan-sub-12m"]')?.getAttribute('aria-checked') === 'true',
    undefined,
    { timeout: 60_000 },
  );
  const answer = page.waitForResponse((response) => response.url().includes('/api/Payments/checkout/start'));
  const started = performance.now();
  await action.click();
  await answer;
  const answered = performance.now() - started;
  await page
    .locator('[data-testid="embedded-payment-form"][data-phase="ready"]')
    .waitFor({ state: 'attached', timeout: 60_000 });
  const ready = performance.now() - started;
  await page
    .frameLocator('iframe[title="Card payment form"]')
    .getByLabel('Card number')
    .waitFor({ state: 'visible', timeout: 60_000 });
  const shown = performance.now() - started;
  await context.close();
  return { answered, ready, shown };
}

const DATA_DIR = path.join(REPO_ROOT, '.bench', 'checkout-data');
rmSync(DATA_DIR, { recursive: true, force: true });
const stack = await startStack({ port: PORT, apiPort: PORT + 1, dataDir: DATA_DIR });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const shell = await measureLoad(browser, `${ORIGIN}/contact-us`);
  const shellFiles = new Set(shell.jsFiles.map((file) => file.url));
  const pricing = await measureLoad(browser, `${ORIGIN}/pricing`);
  const extra = pricing.jsFiles.filter((file) => !shellFiles.has(file.url));
  const kb = extra.reduce((sum, file) => sum + file.gzip, 0) / 1024;
  console.log(`/pricing: ${kb.toFixed(1)} KB gz beyond the shell in ${extra.length} files (budget 35 KB)`);
  for (const file of extra) console.log(`  ${file.url} ${(file.gzip / 1024).toFixed(1)} KB`);

  await continueToCardForm(browser, false); // warm the API and the form once
  for (const throttled of [false, true]) {
    const splits: Split[] = [];
    for (let i = 0; i < RUNS; i += 1) splits.push(await continueToCardForm(browser, throttled));
    const shown = splits.map((split) => split.shown).sort((a, b) => a - b);
    console.log(
      `Continue → hosted page, ${throttled ? `throttled (${THROTTLE.latencyMs} ms, ${THROTTLE.downloadKbps} kbps)` : 'localhost'}: ` +
        `median ${median(shown).toFixed(0)} ms (min ${shown[0]!.toFixed(0)}, max ${shown.at(-1)!.toFixed(0)}, n=${shown.length}); ` +
        `start answered at ${median(splits.map((split) => split.answered)).toFixed(0)} ms, ` +
        `form ready at ${median(splits.map((split) => split.ready)).toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  await stopStack(stack.pid!);
}
