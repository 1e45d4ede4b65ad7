import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The impacts the suite refuses: serious and critical. */
const BLOCKING = new Set(['serious', 'critical']);

/**
 * Runs axe-core (every rule of the pinned version: WCAG 2.x A/AA and best practices) on what the page shows now
 * and fails with one line per serious or critical violation and node. Any suite calls it once its page has
 * settled: `await expectAccessible(page, 'gallery, dark, phone')`. `exclude` takes CSS selectors of areas another
 * owner answers for (their own suite checks them).
 */
export async function expectAccessible(page: Page, label: string, exclude: string[] = []): Promise<void> {
  // The live page: the server's first screen (ADR 0452) stays on view until the page hydrates, and axe run while
  // the one replaces the other reads a document changing under it.
  await expect(page.locator('#first-screen')).toHaveCount(0);
  // WCAG 2.5.3 (Label in Name): off by default in the pinned axe, so switched on here for every suite.
  let builder = new AxeBuilder({ page }).options({
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const blocking = violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.impact} ${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`,
      ),
    );
  // Soft: a suite walking many routes reports every failing one in a single run.
  expect.soft(blocking, `axe on ${label}`).toEqual([]);
}
