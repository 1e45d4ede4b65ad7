import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { expectJsBeyondShellWithin } from '../support/route-bytes.ts';
import { attachShot, decodeVisibleImages, layouts, openInLayout } from '../support/screenshots.ts';
import { confirmNsfw, registerAccount, seedSession } from '../support/sign-in.ts';

// The gallery remote against the real stack (API seed catalogue, COMPANION_TEST_FIXTURES=1 for token credits).

const cards = (page: Page) => page.getByTestId('gallery-card');

interface Account {
  accessToken: string;
  headers: { authorization: string };
}

/** A registered user made through the API, signed in by seeding the shell's persisted auth; `tokens` credited. */
async function signIn(
  page: Page,
  request: APIRequestContext,
  options: { tokens?: number; nsfw?: boolean } = {},
): Promise<Account> {
  const account = await registerAccount(request, 'gallery', 'Gallery-pass-123');
  const { accessToken } = account;
  const headers = { authorization: `Bearer ${accessToken}` };
  if (options.tokens) {
    const credit = await request.post('/api/testing/user-tokens', {
      headers,
      data: { amount: options.tokens },
    });
    expect(credit.ok()).toBe(true);
  }
  if (options.nsfw) await confirmNsfw(request, headers);
  await seedSession(page, account);
  return { accessToken, headers };
}

async function balance(request: APIRequestContext, account: Account): Promise<number> {
  const response = await request.get('/api/Tokens/balance', { headers: account.headers });
  return ((await response.json()) as { remainingTokens: number }).remainingTokens;
}

/** Opens the first locked photo and confirms its unlock in the dialog. */
async function unlockFirstLocked(page: Page) {
  await page.locator('[data-testid="gallery-card"][data-locked="true"]').first().click();
  await page
    .getByRole('dialog', { name: 'Unlock this photo?' })
    .getByRole('button', { name: /^Unlock for / })
    .click();
}

async function openGallery(page: Page, search = '?category=realistic') {
  await page.goto(`/gallery${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Gallery' })).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
}

test.describe('gallery', () => {
  test('should unlock a photo once, show it without a reload, keep it after one, and link to its chat', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request, { tokens: 50 });
    await openGallery(page);
    const locked = page.locator('[data-testid="gallery-card"][data-locked="true"]').first();
    const id = await locked.getAttribute('data-id');
    const card = page.locator(`[data-testid="gallery-card"][data-id="${id}"]`);
    await expect(card).toHaveAccessibleName(/^Unlock photo of .+ for 10 tokens$/);
    await card.click();
    const dialog = page.getByRole('dialog', { name: 'Unlock this photo?' });
    await dialog.getByRole('button', { name: 'Unlock for 10 tokens' }).click();
    // The card opens in place and the lightbox shows it full size.
    await expect(card).toHaveAttribute('data-locked', 'false');
    const lightbox = page.getByTestId('lightbox');
    await expect(lightbox).toHaveAttribute('data-id', id!);
    expect(await balance(request, account)).toBe(40);

    // Its character's chat is one click away.
    const chat = page.getByRole('link', { name: /^Chat with / });
    const href = await chat.getAttribute('href');
    expect(href).toMatch(/^\/chat\?modelId=[0-9a-f-]{36}$/);

    // A reload asks the API again: still unlocked, and nothing more was spent.
    await page.reload();
    await expect(page.locator(`[data-testid="gallery-card"][data-id="${id}"]`)).toHaveAttribute(
      'data-locked',
      'false',
    );
    expect(await balance(request, account)).toBe(40);

    await page.locator(`[data-testid="gallery-card"][data-id="${id}"]`).click();
    await page.getByRole('link', { name: /^Chat with / }).click();
    await expect(page).toHaveURL(new RegExp(`/chat\\?modelId=`));
  });

  test('should move through open photos with the keyboard in the lightbox', async ({ page, request }) => {
    await signIn(page, request, { tokens: 50 });
    await openGallery(page);
    // Open two photos so there is somewhere to move.
    for (let i = 0; i < 2; i += 1) {
      await unlockFirstLocked(page);
      await expect(page.getByTestId('lightbox')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('lightbox')).toBeHidden();
    }
    await page.locator('[data-testid="gallery-card"][data-locked="false"]').first().click();
    const lightbox = page.getByTestId('lightbox');
    const first = await lightbox.getAttribute('data-id');
    await page.keyboard.press('ArrowRight');
    await expect(lightbox).not.toHaveAttribute('data-id', first!);
    await page.keyboard.press('ArrowLeft');
    await expect(lightbox).toHaveAttribute('data-id', first!);
  });

  test('should hide the secret switch from SFW users and show secret photos to NSFW users', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await openGallery(page);
    await expect(page.getByRole('switch', { name: 'Secret photos' })).toHaveCount(0);

    const context = await page.context().browser()!.newContext();
    const nsfwPage = await context.newPage();
    await signIn(nsfwPage, request, { nsfw: true });
    await openGallery(nsfwPage);
    const secretSwitch = nsfwPage.getByRole('switch', { name: 'Secret photos' });
    await expect(secretSwitch).toHaveAttribute('aria-checked', 'false');
    const secretList = nsfwPage.waitForResponse(/get-gallery-images\?.*isSecretContentRequested=true/);
    await secretSwitch.click();
    expect((await secretList).status()).toBe(200);
    await expect(secretSwitch).toHaveAttribute('aria-checked', 'true');
    await expect(cards(nsfwPage).first()).toHaveAccessibleName(/for 20 tokens$/);
    await context.close();
  });

  test('should follow the category and raise the tokens offer when the balance is short', async ({
    page,
    request,
  }) => {
    await signIn(page, request);
    await openGallery(page, '?category=anime');
    await expect(page.getByTestId('remote-page')).toHaveAttribute('data-category', 'anime');
    await cards(page).first().click();
    await page
      .getByRole('dialog', { name: 'Unlock this photo?' })
      .getByRole('button', { name: /^Unlock for / })
      .click();
    // A new account holds no tokens: the API answers 402 and the shell opens the tokens offer.
    const offer = page.getByRole('dialog', { name: 'Not enough tokens' });
    await expect(offer).toBeVisible();
    await expect(offer.getByTestId('insufficient-main')).toHaveAttribute('data-source', 'gallery');
  });

  test('should ask an anonymous visitor to sign in before an unlock', async ({ page }) => {
    await openGallery(page);
    await cards(page).first().click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  });

  test('should add at most 30 KB gzip of JS beyond the shell', async ({ browser }) => {
    await expectJsBeyondShellWithin(browser, '/gallery', 30);
  });

  for (const layout of layouts()) {
    const { size, theme } = layout;
    test(`should lay out the gallery at ${size} width in the ${theme} theme`, async ({
      page,
      request,
    }, testInfo) => {
      await openInLayout(page, layout);
      await signIn(page, request, { tokens: 20 });
      await openGallery(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await decodeVisibleImages(page);
      await attachShot(page, testInfo, `gallery-${size}-${theme}`);
      if (size === 'phone' && theme === 'dark') {
        await unlockFirstLocked(page);
        await expect(page.getByTestId('lightbox')).toBeVisible();
        await decodeVisibleImages(page);
        const box = testInfo.outputPath(`gallery-lightbox-${size}-${theme}.png`);
        await page.screenshot({ path: box });
      }
    });
  }
});
