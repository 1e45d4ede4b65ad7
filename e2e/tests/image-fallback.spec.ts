import { expect, test, type Page } from '@playwright/test';

// 000 §5: an image that fails to load is replaced by a placeholder with the alt 'Image currently unavailable', on
// the app's pages, not only where the kit's Image was already used (000 §5). Funnel pages keep plain
// images: the kit's Image does not fit their 150 KB first load.

const UNAVAILABLE = 'Image currently unavailable';

/** Every image request over the network fails (the placeholder itself is a data URI). */
async function failImages(page: Page) {
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'image' ? route.abort('failed') : route.continue(),
  );
}

test.describe('broken images', () => {
  test('the character wizard’s tiles show the placeholder instead of broken pictures', async ({ page }) => {
    await failImages(page);
    await page.goto('/create-character');
    await expect(page.getByAltText(UNAVAILABLE).first()).toBeVisible();
  });
});
