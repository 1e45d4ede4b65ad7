import { expect, type APIRequestContext } from '@playwright/test';

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
