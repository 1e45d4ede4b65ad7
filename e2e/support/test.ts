import { test as base, expect, type Browser, type BrowserContext } from '@playwright/test';

// Every spec's `test` (ADR 0454): Playwright's, with a watch that fails any test whose pages showed a hydration
// problem: no route in the suite may show a hydration warning, not only in the first-screen specs.

/**
 * A hydration problem: React's hydration errors or warnings (production codes 418, 419, 423 and 425) in the console,
 * or a remote's report of a mismatch it recovered from (the kit posts "hydration: …" to `/api/client-errors`).
 * Other console errors and reports are not this watch's business: several specs cause them on purpose.
 */
export function hydrationProblem(kind: 'console' | 'report', text: string): boolean {
  return kind === 'console' ? /hydrat|React error #4(18|19|23|25)/i.test(text) : /hydration: /.test(text);
}

function watch(context: BrowserContext, problems: string[]): void {
  context.on('console', (message) => {
    if (hydrationProblem('console', message.text()))
      problems.push(`${message.page()?.url()}: ${message.text()}`);
  });
  context.on('request', (request) => {
    const body = request.url().includes('/api/client-errors') ? (request.postData() ?? '') : '';
    if (hydrationProblem('report', body)) problems.push(`${request.frame().url()}: report ${body}`);
  });
}

/** Watches the test's own context and every context it opens with `browser.newContext`. */
async function watchContexts(browser: Browser, context: BrowserContext, run: () => Promise<void>) {
  const problems: string[] = [];
  watch(context, problems);
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const opened = await newContext(...options);
    watch(opened, problems);
    return opened;
  };
  try {
    await run();
  } finally {
    browser.newContext = newContext;
  }
  return problems;
}

export const test = base.extend<{ hydrationWatch: void }>({
  hydrationWatch: [
    async ({ browser, context }, use) => {
      const problems = await watchContexts(browser, context, () => use());
      expect(problems, 'hydration problems on the pages of this test').toEqual([]);
    },
    { auto: true },
  ],
});
