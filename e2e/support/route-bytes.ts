import { gzipSync } from 'node:zlib';
import { expect, type Browser, type Response } from '@playwright/test';

/** Gzip (level 6) bytes of every script a fresh visitor's page at `path` loads, by URL path. */
async function scriptBytes(
  browser: Browser,
  path: string,
  readyTestId: string,
): Promise<Map<string, number>> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sizes = new Map<string, number>();
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response): void => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then((body) => {
        sizes.set(new URL(response.url()).pathname, gzipSync(body, { level: 6 }).length);
      }),
    );
  };
  page.on('response', onResponse);
  await page.goto(path);
  await expect(page.getByTestId(readyTestId)).toBeVisible();
  // Late chunks (lazy parts of the page) are counted too; then no new body is read once the page closes.
  await page.waitForLoadState('networkidle');
  page.off('response', onResponse);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

/**
 * Gzip bytes of the scripts `path` loads that a shell-only page (`/contact-us`) does not: what a route adds beyond
 * the shell. Bytes, not timings, so a budget on it is deterministic.
 */
export async function jsBeyondShell(browser: Browser, path: string): Promise<number> {
  const shell = await scriptBytes(browser, '/contact-us', 'contact-us');
  const route = await scriptBytes(browser, path, 'remote-page');
  const extra = [...route].filter(([file]) => !shell.has(file));
  expect(extra.length).toBeGreaterThan(0);
  return extra.reduce((sum, [, bytes]) => sum + bytes, 0);
}
