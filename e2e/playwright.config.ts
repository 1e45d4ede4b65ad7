import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ORIGIN, E2E_RESULTS_DIR } from './support/env.ts';

// One worker: the suite drives one running stack and changes its registry (deploy, rollback).
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env['CI'] ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  globalSetup: './support/global-setup.ts',
  globalTeardown: './support/global-teardown.ts',
  outputDir: E2E_RESULTS_DIR,
  use: {
    baseURL: E2E_ORIGIN,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // `pnpm test` records no trace (E2E_TRACE=off, ADR 0456): recording every test to keep a failure's trace took a
    // fifth of the suite's time on two cores. A failure there still leaves its screenshot and error context; a run
    // of its own keeps a trace of each failure.
    trace: process.env['E2E_TRACE'] === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
