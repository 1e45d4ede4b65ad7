import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  VIEWPORTS_WITH_TABLET as VIEWPORTS,
  attachShot,
  layouts,
  openInLayout,
} from '../support/screenshots.ts';
import { confirmNsfwInPage, signInRegistered } from '../support/sign-in.ts';
import { activeSubscription } from '../support/subscription.ts';

// The shell's chrome against the real stack (API, hubs, remotes). Screenshots are written to the test output
// folder and attached to the report, to be looked at; they are not pixel-compared.

const TRACKING = 'utm_source=tiktok&ttclid=tt-123&utm_campaign=spring';

async function expectTracking(page: Page, pathname: string) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
  const params = new URL(page.url()).searchParams;
  expect(params.get('utm_source')).toBe('tiktok');
  expect(params.get('ttclid')).toBe('tt-123');
  expect(params.get('utm_campaign')).toBe('spring');
  expect(params.has('foo')).toBe(false);
}

/** Waits until the first user fetch settled (the bottom navigation swaps its skeletons for links). */
async function waitForUser(page: Page) {
  await expect(page.getByTestId('shell-header')).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('persist:auth') !== null)).toBe(true);
}

/** Serves the real `GET User` answer with an active subscription (the e2e stack runs no payment provider). */
async function asSubscriber(page: Page, extra: Record<string, unknown> = {}) {
  await page.route('**/api/User?*', async (route) => {
    const response = await route.fetch();
    const user = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...user,
        ...extra,
        activeSubscription: activeSubscription(user['id']),
      },
    });
  });
}

test.describe('shell chrome', () => {
  // A stored category preference, so explore's first-visit welcome popup does not cover the chrome at `/`.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('persist:category')) localStorage.setItem('persist:category', 'realistic');
    });
  });

  test('should redirect NSFW-gated routes to main when the NSFW check fails, keeping the query', async ({
    page,
  }) => {
    for (const path of ['/settings', '/tokens', '/magic-page-tokens']) {
      await page.goto(`${path}?utm_medium=cpc`);
      await expect.poll(() => new URL(page.url()).pathname, { message: path }).toBe('/');
      expect(new URL(page.url()).searchParams.get('utm_medium')).toBe('cpc');
    }
  });

  test('should let a visitor who confirmed NSFW reach the gated routes', async ({ page }) => {
    await page.goto('/');
    await waitForUser(page);
    await confirmNsfwInPage(page);
    await page.goto('/settings');
    await expect(page.getByTestId('settings')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/settings');
  });

  test('should keep tracking parameters across header, sidebar and bottom navigation', async ({
    page,
    request,
  }) => {
    // Registered: an anonymous visitor's Gallery, Chat and Create links open the sign-in modal (000 §6).
    await signInRegistered(page, request, 'chrome');
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto(`/?${TRACKING}&foo=bar`);
    await waitForUser(page);
    await page.getByTestId('shell-top-nav').getByRole('link', { name: 'Gallery' }).click();
    await expectTracking(page, '/gallery');
    await page.getByTestId('shell-sidebar').getByRole('link', { name: 'Pricing' }).click();
    await expectTracking(page, '/pricing');
    await page.getByTestId('shell-logo').click();
    await expectTracking(page, '/');
    await page.setViewportSize(VIEWPORTS.tablet);
    await page.getByTestId('shell-bottom-nav').getByRole('link', { name: 'Chat' }).click();
    await expectTracking(page, '/chat');
    await page.getByTestId('shell-bottom-nav').getByRole('link', { name: 'Create character' }).click();
    await expectTracking(page, '/create-character');
    expect(await page.evaluate(() => JSON.stringify(window.history.state))).toContain('"navItemId":"create"');
    // Back and forward keep them too.
    await page.goBack();
    await expectTracking(page, '/chat');
  });

  test('should persist the theme switch across reload', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByTestId('theme-switch').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.getByTestId('theme-switch').click();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('should switch to light with the query flag and keep it afterwards', async ({ page }) => {
    await page.goto('/?isLightTheme=true');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.goto('/pricing');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('should open the auth modal from Login and send a magic link through the real API', async ({
    page,
  }) => {
    const email = `chrome-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByTestId('login-button').click();
    const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/Authenticate/passwordless-login'));
    await dialog.getByRole('button', { name: 'Continue with email' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ email, destination: 'main' });
    expect((await (await sent).response())?.status()).toBe(200);
    await expect(page.getByTestId('auth-sent')).toContainText(email);
  });

  test('should open the sign-in modal instead of navigating for My AI when logged out', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/pricing');
    await waitForUser(page);
    await page.getByTestId('shell-sidebar').getByRole('link', { name: 'My AI' }).click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/pricing');
  });

  test('should claim the daily bonus in two steps against the real API and go to chat', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('daily-bonus-button').click();
    const modal = page.getByTestId('daily-bonus-modal');
    await expect(modal).toHaveAttribute('data-step', 'getTokens');
    const width = await page.getByRole('dialog').evaluate((dialog) => dialog.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(440);
    const balance = page.waitForResponse((response) => response.url().includes('/api/Tokens/balance'));
    await modal.getByRole('button', { name: 'Get Bonus' }).click();
    await expect(modal.getByRole('heading', { name: /^You got \d+ tokens!$/ })).toBeVisible();
    expect((await balance).ok()).toBe(true);
    await modal.getByRole('button', { name: 'Start chatting' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/chat');
    // Claimed: the gift is gone until the next claim date.
    await expect(page.getByTestId('daily-bonus-button')).toHaveCount(0);
  });

  test('should open the sidebar on hover on desktop and toggle it with the menu button on tablet', async ({
    page,
  }) => {
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/pricing');
    const sidebar = page.getByTestId('shell-sidebar');
    await expect(sidebar).toHaveAttribute('data-open', 'false');
    await sidebar.hover();
    await expect(sidebar).toHaveAttribute('data-open', 'true');
    await page.getByTestId('route-outlet').hover({ position: { x: 900, y: 400 } });
    await expect(sidebar).toHaveAttribute('data-open', 'false');

    await page.setViewportSize(VIEWPORTS.tablet);
    await expect(page.getByTestId('shell-top-nav')).toBeHidden();
    await expect(sidebar).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toBeVisible();
    await sidebar.getByRole('link', { name: 'Explore' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect(sidebar).toBeHidden();
  });

  test('should hide the bottom navigation on premium-model pages', async ({ page }) => {
    await page.setViewportSize(VIEWPORTS.tablet);
    await page.goto('/');
    await expect(page.getByTestId('shell-bottom-nav')).toBeVisible();
    await page.goto('/premium-models');
    await expect(page.getByTestId('shell-header')).toBeVisible();
    await expect(page.getByTestId('shell-bottom-nav')).toHaveCount(0);
  });

  test('should show the profile and token menus to a subscribed user', async ({ page }, testInfo) => {
    await asSubscriber(page, { email: 'subscriber@example.com' });
    await page.setViewportSize(VIEWPORTS.desktop);
    await page.goto('/');
    await page.getByTestId('token-menu-button').click();
    const tokens = page.getByTestId('token-menu');
    await expect(tokens.getByRole('listitem')).toHaveCount(7);
    await page.screenshot({ path: testInfo.outputPath('chrome-token-menu.png') });
    await page.mouse.click(700, 500);
    await expect(tokens).toBeHidden();
    await page.getByTestId('profile-menu-button').click();
    const menu = page.getByTestId('profile-menu');
    await expect(menu.getByRole('menuitem', { name: 'Subscription' })).toHaveCount(0);
    await expect(menu.getByRole('menuitemcheckbox', { name: 'Dark mode' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('chrome-profile-menu.png') });
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out Account' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Log out' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('chrome-logout-dialog.png') });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    // The logged-in header (bonus, balance, profile) still fits a narrow phone.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByTestId('profile-menu-button')).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  for (const layout of layouts(VIEWPORTS)) {
    const { size, viewport, theme } = layout;
    test(`should lay out the chrome at ${size} width in the ${theme} theme`, async ({ page }, testInfo) => {
      await openInLayout(page, layout);
      await page.goto('/legal/privacy-policy');
      await expect(page.getByTestId('legal-footer')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const desktop = size === 'desktop';
      await expect(page.getByTestId('shell-top-nav')).toBeVisible({ visible: desktop });
      await expect(page.getByTestId('shell-bottom-nav')).toBeVisible({ visible: !desktop });
      await expect(page.getByTestId('shell-sidebar')).toBeVisible({ visible: desktop });
      // Nothing may overflow the viewport sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await attachShot(page, testInfo, `chrome-${size}-${theme}`);
      if (!desktop) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const sidebar = page.getByTestId('shell-sidebar');
        await expect(sidebar).toBeVisible();
        // Let the slide-in finish before the screenshot.
        await expect
          .poll(() => sidebar.evaluate((element) => new DOMMatrix(getComputedStyle(element).transform).m41))
          .toBe(0);
        await expect(sidebar.getByRole('link', { name: 'Contact Us' })).toBeVisible({
          visible: size !== 'phone',
        });
        await attachShot(page, testInfo, `chrome-${size}-${theme}-drawer`);
      }
    });
  }

  test('should send a subscriber off a funnel page of the main app, without tokens in the URL', async ({
    page,
  }) => {
    await asSubscriber(page);
    await page.goto('/quiz-vip?utm_medium=cpc');
    // The redirect and the tracking parameters' preservation are two replaces in a row: wait for the second.
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return [url.pathname, url.searchParams.get('utm_medium')];
      })
      .toEqual(['/chat', 'cpc']);
    expect(new URL(page.url()).searchParams.has('accessToken')).toBe(false);
  });

  test('should send a subscriber from the funnel domain to the main app with tokens and device id', async ({
    page,
  }) => {
    await asSubscriber(page, { utmSource: 'tiktok' });
    // On a development host the main app is the same origin with brand=main (production: companion.app).
    const leaving = page.waitForRequest(
      (request) =>
        request.isNavigationRequest() && new URL(request.url()).searchParams.get('brand') === 'main',
    );
    await page.goto('/quiz-vip?brand=funnels&device_id=dev-42');
    const landed = new URL((await leaving).url());
    expect(landed.pathname).toBe('/');
    expect(landed.searchParams.get('utm_source')).toBe('tiktok');
    expect(landed.searchParams.get('device_id')).toBe('dev-42');
    expect(landed.searchParams.get('accessToken')).toMatch(/^ey/);
    expect(landed.searchParams.get('refreshToken')).toBeTruthy();
  });
});
