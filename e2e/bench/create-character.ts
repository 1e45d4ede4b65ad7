// `pnpm exec tsx e2e/bench/create-character.ts` (after `pnpm run build`): how the character wizard feels. Time per
// step transition (Next pressed → the next step's view on screen, measured in the page) and Create → the chat
// screen interactive (the composer of the new character's chat enabled), median of BENCH_RUNS (5) creations on
// localhost. Prints; asserts nothing (timings live only in benches).
import { rmSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { completeDraft } from '../support/character-draft.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, REPO_ROOT } from '../support/env.ts';
import { startStack, stopStack } from '../support/stack.ts';
import { benchAccount, median } from './measure.ts';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const PORT = Number(process.env['BENCH_CREATE_PORT'] ?? 3396);
const ORIGIN = `http://127.0.0.1:${PORT}`;

// A complete draft: every step validates, so Next always moves on.
const DRAFT = completeDraft({ name: 'Bench' });

/** Next pressed → the next step's view in the DOM and painted (one frame later), in the page's own clock. */
// A string, not a function: tsx's transform would add helpers the page does not have (e2e CONTEXT.md).
const NEXT_STEP = `new Promise((resolve) => {
  const from = document.querySelector('[data-step]').dataset.step;
  const next = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Next');
  const started = performance.now();
  next.click();
  const check = () => {
    if (document.querySelector('[data-step]')?.dataset.step !== from)
      requestAnimationFrame(() => resolve(performance.now() - started));
    else requestAnimationFrame(check);
  };
  check();
})`;

const nextStep = (page: Page) => page.evaluate(NEXT_STEP) as Promise<number>;

const NOW = 'performance.timeOrigin + performance.now()';

const DATA_DIR = path.join(REPO_ROOT, '.bench', 'create-data');
rmSync(DATA_DIR, { recursive: true, force: true });
const stack = await startStack({ port: PORT, apiPort: PORT + 1, dataDir: DATA_DIR });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const steps: number[] = [];
  const toChat: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const { accessToken, refreshToken } = await benchAccount(context.request, ORIGIN, 'bench-create', 100);
    await context.addInitScript(
      `localStorage.setItem('persist:auth', ${JSON.stringify(
        JSON.stringify({
          isAuth: true,
          accessToken,
          refreshToken,
          isSoftDeleted: false,
          inAppAuthToken: null,
        }),
      )});
      sessionStorage.getItem('character-draft') || sessionStorage.setItem('character-draft', ${JSON.stringify(
        JSON.stringify({ version: 1, step: 'style', draft: DRAFT }),
      )});`,
    );
    const page = await context.newPage();
    await page.goto(`${ORIGIN}/create-character`);
    await page.getByText('Step 1 of 8').waitFor();
    for (let step = 1; step < 8; step += 1) steps.push(await nextStep(page));
    await page.getByText('Step 8 of 8').waitFor();
    const create = page.getByRole('button', { name: /Create her/ });
    await create.waitFor();
    const started = (await page.evaluate(NOW)) as number;
    await create.click();
    const composer = page.getByRole('textbox', { name: 'Message' });
    await composer.waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      '!document.querySelector(\'textarea[aria-label="Message"]\')?.disabled',
      undefined,
      {
        timeout: 60_000,
      },
    );
    const ended = (await page.evaluate(NOW)) as number;
    toChat.push(ended - started);
    await context.close();
  }
  console.log(
    `create-character step transition (Next → next step painted): median ${median(steps).toFixed(1)} ms, ` +
      `max ${Math.max(...steps).toFixed(1)} ms over ${steps.length} transitions`,
  );
  console.log(
    `create-character Create → chat composer interactive: median ${median(toChat).toFixed(0)} ms over ${toChat.length} creations`,
  );
} finally {
  await browser.close();
  await stopStack(stack.pid!);
}
