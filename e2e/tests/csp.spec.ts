import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import { watchCsp } from '../support/csp.ts';

// The page's Content-Security-Policy is strict (nonce, no unsafe-inline) and the shell and its
// remotes still run under it: no violation is reported while the main routes render and a remote loads.

test.describe('content security policy', () => {
  test('should render the shell and its remotes with no CSP violation', async ({ page }) => {
    const { violations, inDocument } = await watchCsp(page);
    for (const path of ['/', '/chat', '/create-character', '/gallery']) {
      const response = await page.goto(path);
      const csp = response?.headers()['content-security-policy'] ?? '';
      expect(csp, path).toContain("'nonce-");
      expect(csp, path).not.toContain('unsafe-inline');
      await expect(page.getByTestId('shell-header')).toBeVisible();
      // The theme painter (the page's one inline script) ran under the nonce.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.getAttribute('data-theme')))
        .toBeTruthy();
      const seen = await inDocument();
      violations.push(...seen.map((v) => `${path}: ${v}`));
    }
    expect(violations).toEqual([]);
  });
});
