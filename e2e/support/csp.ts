import type { Page } from '@playwright/test';

/**
 * Collects `page`'s CSP violations: those the console reports (its frames' included) into `violations` as they
 * come, and those of the current document, which `inDocument` reads (each new document starts an empty list).
 */
export async function watchCsp(page: Page, violations: string[] = []) {
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  // A string, not a function: functions passed to the page must not go through tsx's transform (e2e CONTEXT).
  await page.addInitScript(`
    document.addEventListener('securitypolicyviolation', (event) => {
      (window.__cspViolations ||= []).push(event.violatedDirective + ' ' + event.blockedURI);
    });
  `);
  const inDocument = () =>
    page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
  return { violations, inDocument };
}
