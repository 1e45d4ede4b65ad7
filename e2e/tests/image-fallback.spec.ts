import { expect, test, type Page } from '@playwright/test';

// 000 §5: an image that fails to load is replaced by a placeholder with the alt 'Image currently unavailable', on
// every page a visitor meets, not only where the kit's Image was already used (issue 28 item 6).

const UNAVAILABLE = 'Image currently unavailable';

/** Every image request over the network fails (the placeholder itself is a data URI). */
async function failImages(page: Page) {
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'image' ? route.abort('failed') : route.continue(),
  );
}

test.describe('broken images', () => {
  test('the quiz landing shows the placeholder instead of a broken hero', async ({ page }) => {
    await failImages(page);
    await page.goto('/quiz-fb');
    await expect(page.getByAltText(UNAVAILABLE).first()).toBeVisible();
  });

  test('the chat landing shows the placeholder instead of a broken photo', async ({ page }) => {
    await failImages(page);
    await page.goto('/chat-landing/7');
    await expect(page.getByAltText(UNAVAILABLE).first()).toBeVisible();
  });

  test('the character wizard’s tiles show the placeholder instead of broken pictures', async ({ page }) => {
    await failImages(page);
    await page.goto('/create-character');
    await expect(page.getByAltText(UNAVAILABLE).first()).toBeVisible();
  });
});
