import { defineConfig } from '@playwright/test';
export default defineConfig({
  testDir: '/work/main/e2e/tests',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: '/tmp/chrome-pw-results',
  use: {
    baseURL: 'http://127.0.0.1:3410',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    },
  },
});
