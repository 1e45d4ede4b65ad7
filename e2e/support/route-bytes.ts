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
  let inFlight = 0;
  let quietSince = Date.now();
  page.on('request', () => {
    inFlight += 1;
  });
  const settled = (): void => {
    inFlight -= 1;
    quietSince = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  await page.goto(path);
  await expect(page.getByTestId(readyTestId)).toBeVisible();
  // Late chunks (lazy parts of the page) are counted too; then no new body is read once the page closes.
  await page.waitForLoadState('networkidle');
  // The shell loads its tracking chunk in an idle callback after `load` (ADR 0241): wait for an idle callback queued
  // after it, then for the network again, so both the shell-only page and the route count it (not one of them).
  await page.waitForLoadState('load');
  await page.evaluate(
    () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })),
  );
  // `networkidle` resolves at once once reached: wait for 500 ms without a request in flight instead.
  await expect
    .poll(
      () => {
        if (inFlight > 0) quietSince = Date.now();
        return Date.now() - quietSince;
      },
      { timeout: 10_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(500);
  page.off('response', onResponse);
  await Promise.all(pending);
  await context.close();
  return sizes;
}

/**
 * Gzip bytes of the scripts `path` loads that a shell-only page (`/contact-us`) does not: what a route adds beyond
 * the shell. Bytes, not timings, so a budget on it is deterministic.
 */
export async function jsBeyondShell(
  browser: Browser,
  path: string,
  readyTestId = 'remote-page',
): Promise<number> {
  const shell = await scriptBytes(browser, '/contact-us', 'contact-us');
  const route = await scriptBytes(browser, path, readyTestId);
  // The remote's own files: chunks the shell loads on demand (SignalR once a remote listens to a hub event, tracking,
  // dialogs) are the shell's weight, budgeted by its own line in bundle-budgets.txt, as the static check does.
  const extra = [...route].filter(([file]) => !shell.has(file) && file.startsWith('/remotes/'));
  expect(extra.length).toBeGreaterThan(0);
  return extra.reduce((sum, [, bytes]) => sum + bytes, 0);
}

/** Gzip bytes of every script a fresh visitor's page at `path` loads, the shell included (a funnel's whole cost). */
/** Prints {@link jsBeyondShell} of `path` and holds it to `budgetKb` KB gzip (a remote's byte budget). */
export async function expectJsBeyondShellWithin(browser: Browser, path: string, budgetKb: number) {
  const bytes = await jsBeyondShell(browser, path);
  console.log(`${path}: ${(bytes / 1024).toFixed(1)} KB gz beyond the shell`);
  expect(bytes).toBeLessThanOrEqual(budgetKb * 1024);
}

export async function jsTotal(browser: Browser, path: string, readyTestId: string): Promise<number> {
  const sizes = await scriptBytes(browser, path, readyTestId);
  return [...sizes.values()].reduce((sum, bytes) => sum + bytes, 0);
}
