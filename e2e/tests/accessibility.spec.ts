import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';

// Issue 19 item 14: axe-core on every route the shell and explore serve, in both themes, on a phone and a
// desktop, with no serious or critical violation. The check itself is `support/axe.ts`, for every later suite.

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

const LEGAL = [
  'privacy-policy',
  'terms-of-service',
  'cookies-policy',
  'underage-policy',
  'content-removal-policy',
  'blocked-content-policy',
  'dmca-policy',
  'complaint-policy',
  'complaint-management-policy',
  'exemption',
  'anti-slavery-policy',
  'chargeback-fraud-mitigation-policy',
];

/** Each route with what shows once it has settled. */
const ROUTES: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/', ready: (page) => expect(page.getByTestId('model-card').first()).toBeVisible() },
  { path: '/premium-models', ready: (page) => expect(page.getByTestId('model-card').first()).toBeVisible() },
  { path: '/legal', ready: (page) => expect(page.getByTestId('legal-index')).toBeVisible() },
  ...LEGAL.map((slug) => ({
    path: `/legal/${slug}`,
    ready: (page: Page) => expect(page.getByTestId('legal-section').first()).toBeVisible(),
  })),
  { path: '/maintenance', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/contact-us', ready: (page) => expect(page.getByLabel('Message')).toBeVisible() },
];

for (const theme of ['dark', 'light'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`should have no serious or critical axe violations on shell and explore routes (${theme}, ${device})`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize(viewport);
      await page.addInitScript((mode) => {
        localStorage.setItem('persist:theme', mode);
        if (!localStorage.getItem('persist:category')) localStorage.setItem('persist:category', 'realistic');
      }, theme);
      for (const route of ROUTES) {
        await page.goto(route.path);
        await route.ready(page);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await expectAccessible(page, `${route.path} (${theme}, ${device})`);
      }
    });
  }
}

test('should have no serious or critical axe violations in the first-visit welcome popup and the sign-in modal', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'welcome popup');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Realistic/ })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('button', { name: 'Login' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'sign-in modal');
});
