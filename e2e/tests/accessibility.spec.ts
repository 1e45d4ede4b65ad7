import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { expectAccessible } from '../support/axe.ts';

// Axe-core on every route the shell and explore serve, in both themes, on a phone and a desktop, with no serious
// or critical violation (the twelve policies once, two of them in every pass). The check itself is
// `support/axe.ts`, for every later suite.

const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1440, height: 900 } } as const;

/** Each route with what shows once it has settled. */
const ROUTES: Array<{ path: string; ready: (page: Page) => Promise<void> }> = [
  { path: '/', ready: (page) => expect(page.getByTestId('model-card').first()).toBeVisible() },
  { path: '/premium-models', ready: (page) => expect(page.getByTestId('model-card').first()).toBeVisible() },
  { path: '/legal', ready: (page) => expect(page.getByTestId('legal-index')).toBeVisible() },
  { path: '/maintenance', ready: (page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible() },
  { path: '/contact-us', ready: (page) => expect(page.getByLabel('Message')).toBeVisible() },
];

for (const theme of ['dark', 'light'] as const) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    test(`should have no serious or critical axe violations on shell and explore routes (${theme}, ${device})`, async ({
      page,
    }) => {
      // Every shell route twice (two themes are separate tests); on a two-core machine running two shards at once.
      test.setTimeout(360_000);
      await page.setViewportSize(viewport);
      await page.addInitScript((mode) => {
        localStorage.setItem('persist:theme', mode);
        if (!localStorage.getItem('persist:category')) localStorage.setItem('persist:category', 'realistic');
      }, theme);
      // Every policy the legal index links to, so a policy added later is checked too.
      await page.goto('/legal');
      const links = page.getByTestId('legal-index').locator('a[href^="/legal/"]');
      await expect(links).toHaveCount(12);
      const policies = await links.evaluateAll((all) =>
        all.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
      );
      // The policies share one page layout: every one in the first pass, two in each of the other three.
      const checked = theme === 'dark' && device === 'phone' ? policies : policies.slice(0, 2);
      const routes = [
        ...ROUTES,
        ...checked.map((path) => ({
          path,
          ready: (p: Page) => expect(p.getByTestId('legal-section').first()).toBeVisible(),
        })),
      ];
      for (const route of routes) {
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

test('should keep focus visible and trap it in a modal, restoring it on close', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.desktop);
  await page.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
  await page.goto('/legal');
  await expect(page.getByTestId('legal-index')).toBeVisible();
  const login = page.getByTestId('shell-header').getByRole('button', { name: 'Login' });
  await login.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  // Keyboard focus shows an outline.
  const outline = await login.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThan(0);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();
});
