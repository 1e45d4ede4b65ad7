import { rename } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { E2E_DATA_DIR } from '../support/env.ts';
import { THROWING_REMOTE_DIR, THROWING_VERSION } from '../support/fixtures.ts';
import { publishAndFlip, readLiveRegistry, remoteCli } from '../support/registry.ts';
import { signInRegistered } from '../support/sign-in.ts';

/** Signs the page in as a new registered user with the admin role (the e2e stack's fixture route). */
async function signInAdmin(page: Page, request: APIRequestContext): Promise<string> {
  const { email, accessToken } = await signInRegistered(page, request, 'ops');
  const granted = await request.post('/api/testing/user-admin', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(granted.ok()).toBe(true);
  return email;
}

const card = (page: Page, remote: string) =>
  page.locator(`[data-testid="ops-remote"][data-remote="${remote}"]`);

test.describe('ops page', () => {
  test('should refuse a visitor who is not an admin, on the page and in the API', async ({
    page,
    request,
  }) => {
    const { accessToken } = await signInRegistered(page, request, 'ops-visitor');
    await page.goto('/ops');
    await expect(page.getByTestId('ops-refused')).toContainText('This page is for administrators');
    await expect(page.getByTestId('ops-remote')).toHaveCount(0);
    const refused = await request.get('/api/Ops/remotes', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('admin_only');
  });

  test('should show every remote and roll one back from the page, recorded with the admin', async ({
    page,
    request,
  }) => {
    const live = readLiveRegistry().remotes['gallery']!.version;
    // A bad deploy from the CLI: the gallery version whose mount throws.
    await publishAndFlip('gallery', path.join(THROWING_REMOTE_DIR, 'dist', THROWING_VERSION), 'cli:e2e');
    try {
      const email = await signInAdmin(page, request);
      await page.goto('/ops');
      for (const name of Object.keys(readLiveRegistry().remotes)) {
        await expect(card(page, name)).toBeVisible();
      }
      const gallery = card(page, 'gallery');
      await expect(gallery.getByTestId('ops-live-version')).toHaveText(THROWING_VERSION);
      await expect(gallery.getByTestId('ops-went-live')).toContainText('by cli:e2e');
      await expect(gallery.locator('[data-check="manifest"]')).toHaveAttribute('data-state', 'ok');
      await expect(gallery.locator('[data-check="entry"]')).toHaveAttribute('data-state', 'ok');

      await gallery.locator(`[data-version="${live}"]`).getByRole('button', { name: 'Make live' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`Make gallery ${live} live?`);
      await dialog.getByRole('button', { name: 'Make live' }).click();
      await expect(page.getByTestId('ops-notice')).toContainText(`gallery ${THROWING_VERSION} → ${live}`);
      await expect(gallery.getByTestId('ops-live-version')).toHaveText(live);
      const newest = page.getByTestId('ops-history-record').first();
      await expect(newest).toContainText(`gallery rolled back ${THROWING_VERSION} → ${live}`);
      await expect(newest.getByTestId('ops-history-by')).toHaveText(`admin:${email}`);
      expect(readLiveRegistry().remotes['gallery']!.version).toBe(live);
      // The CLI shows the same record with who made it.
      expect(await remoteCli('history', 'gallery')).toContain(
        `rollback  ${THROWING_VERSION} → ${live}  by admin:${email}`,
      );

      // A new page load gets the rolled-back version.
      await page.goto('/gallery');
      await expect(page.locator('[data-remote="gallery"] [data-testid="remote-page"]')).toBeVisible();
      await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    } finally {
      if (readLiveRegistry().remotes['gallery']!.version !== live)
        await remoteCli('rollback', 'gallery', '--to', live);
    }
  });

  test('should work with a remote whose files are gone, and say so', async ({ page, request }) => {
    const live = readLiveRegistry().remotes['chat']!.version;
    const folder = path.join(E2E_DATA_DIR, 'remotes', 'chat', live);
    const hidden = path.join(E2E_DATA_DIR, 'remotes', 'chat', `.gone-${live}`);
    await signInAdmin(page, request);
    await rename(folder, hidden);
    try {
      await page.goto('/ops');
      const chat = card(page, 'chat');
      await expect(chat.locator('[data-check="manifest"]')).toHaveAttribute('data-state', 'missing');
      await expect(chat.locator('[data-check="entry"]')).toHaveAttribute('data-state', 'missing');
      await expect(card(page, 'gallery').locator('[data-check="manifest"]')).toHaveAttribute(
        'data-state',
        'ok',
      );
      await expect(page.getByTestId('ops-history')).toBeVisible();
    } finally {
      await rename(hidden, folder);
    }
  });

  test('should lay out at phone and desktop widths in both themes (screenshots in the results folder)', async ({
    page,
    request,
  }, testInfo) => {
    await signInAdmin(page, request);
    // Dark is the main build's default; `?isLightTheme=true` is the spec's light-theme flag.
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(theme === 'light' ? '/ops?isLightTheme=true' : '/ops');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      for (const [width, height] of [
        [1440, 900],
        [390, 844],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect(page.getByTestId('ops-remote').first()).toBeVisible();
        // Nothing wider than the viewport (no sideways scrolling on a phone).
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`ops-${width}-${theme}.png`) });
      }
    }
  });
});
