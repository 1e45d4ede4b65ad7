import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { watchCsp } from './csp.ts';
import type { Layout } from './screenshots.ts';

// What the first-screen suites (ADR 0452, 0453) read from the origin's HTML.

/** A crawler's user agent: the origin serves it the same first screen (and the bot meta). */
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** The HTML the origin sends for `url` (as a browser, or as the given user agent). */
export async function servedHtml(
  request: APIRequestContext,
  url: string,
  userAgent?: string,
): Promise<string> {
  const response = await request.get(url, {
    headers: { accept: 'text/html', ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
  expect(response.ok()).toBe(true);
  return response.text();
}

/** The first screen's markup in a page, or null. */
export const firstScreen = (page: string) =>
  /<div id="first-screen"[^>]*>(.*?)<\/div>\s*<div id="root">/s.exec(page)?.[1] ?? null;

/** Keeps the element the server sent for `selector`, to compare with the one on screen after hydration. */
export const keepServed = (page: Page, selector: string) =>
  page.addInitScript((css) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as { served?: Element | null }).served = document.querySelector(`#first-screen ${css}`);
    });
  }, selector);

/** Whether the element `remote` shows for `selector` is the very one the server sent (hydrated in place). */
export const servedIsOnScreen = (page: Page, remote: string, selector: string) =>
  page.evaluate(
    ([name, css]) =>
      document.querySelector(`[data-remote-outlet="${name}"] ${css}`) ===
      (window as { served?: Element | null }).served,
    [remote, selector] as const,
  );

/**
 * `path` opened without JavaScript in `layout` (its width, and its theme through the query), the page's CSP
 * violations watched (`inDocument`); `close` closes its context.
 */
export async function openWithoutJavaScript(browser: Browser, layout: Layout, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: layout.viewport });
  const page = await context.newPage();
  const { inDocument } = await watchCsp(page);
  await page.goto(`${path}${layout.theme === 'light' ? '?isLightTheme=true' : ''}`);
  await expect(page.locator('html')).toHaveAttribute('data-theme', layout.theme);
  return { page, inDocument, close: () => context.close() };
}

/** The served chrome's navigation of `layout`: the bottom navigation on a phone, the top one wider. */
export async function expectChromeNavigation(page: Page, layout: Layout) {
  if (layout.size === 'phone') await expect(page.getByLabel('Bottom navigation')).toBeVisible();
  else await expect(page.getByRole('navigation', { name: 'Top' })).toBeVisible();
}
