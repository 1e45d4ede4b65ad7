import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { signInWithTokens } from '../support/sign-in.ts';
import { expectJsBeyondShellWithin } from '../support/route-bytes.ts';
import { attachShot, imagesComplete, layouts, openInLayout } from '../support/screenshots.ts';

// The photo-generation remote against the real stack. COMPANION_TEST_FIXTURES=1 lets the suite credit tokens and
// make the caller's image generations fail or wait (`testing/image-engine`), so reload and refund runs are exact.

const PRICE = 5; // userPricingInfo.tokenPriceForImage default (infra/api config.ts)

interface Account {
  headers: { authorization: string };
}

/** A registered user made through the API and signed in (`support/sign-in.ts`), with `tokens` credited. */
const signIn = (page: Page, request: APIRequestContext, tokens = 0): Promise<Account> =>
  signInWithTokens(page, request, tokens, 'photos');

async function engine(
  request: APIRequestContext,
  account: Account,
  mode: 'fail' | 'hold' | 'next' | 'release' | 'normal',
) {
  const response = await request.post('/api/testing/image-engine', {
    headers: account.headers,
    data: { mode },
  });
  expect(response.ok()).toBe(true);
}

async function balance(request: APIRequestContext, account: Account): Promise<number> {
  const response = await request.get('/api/Tokens/balance', { headers: account.headers });
  return ((await response.json()) as { remainingTokens: number }).remainingTokens;
}

async function openGenerator(page: Page, search = '') {
  await page.goto(`/ai-girlfriend-generator${search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Photo Generation' })).toBeVisible();
  await expect(page.getByTestId('character-tile').first()).toBeVisible();
}

test.describe('photo generation', () => {
  test('should generate 2 photos, survive a reload during generation and charge exactly 2 × price', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request, 50);
    await engine(request, account, 'hold');
    await openGenerator(page);
    await page.getByTestId('character-tile').first().click();
    await page.getByRole('group', { name: 'Number of photos' }).getByRole('button', { name: '2' }).click();
    await page.getByRole('group', { name: 'Scene' }).getByRole('button', { name: 'Beach' }).click();
    const generate = page.getByRole('button', { name: `Generate 2 photos for ${2 * PRICE} tokens` });
    await generate.click();
    await expect(page.getByTestId('pending-photo')).toHaveCount(2);
    await expect(page).toHaveURL(/[?&]batch=[0-9a-f-]{36}/);
    const batchId = new URL(page.url()).searchParams.get('batch')!;
    // The price is taken once, up front.
    await expect.poll(() => balance(request, account)).toBe(50 - 2 * PRICE);

    await page.reload();
    await expect(page.getByTestId('current-batch')).toHaveAttribute('data-batch', batchId);
    await expect(page.getByTestId('pending-photo')).toHaveCount(2);
    await expect(
      page.getByRole('group', { name: 'Scene' }).getByRole('button', { name: 'Beach' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await engine(request, account, 'release');

    const batch = page.getByTestId('current-batch');
    await expect(batch).toHaveAttribute('data-status', 'done');
    await expect(batch.getByTestId('generated-photo')).toHaveCount(2);
    await expect(page).not.toHaveURL(/batch=/);
    expect(await balance(request, account)).toBe(50 - 2 * PRICE);

    // The history is the API's and survives another reload (the flag is gone, so nothing resumes).
    await page.reload();
    await expect(page.getByTestId('current-batch')).toHaveCount(0);
    await expect(page.getByTestId('history').locator(`[data-batch="${batchId}"]`)).toHaveCount(2);
  });

  test('should fill each slot as its photo is ready, in the outfit chosen', async ({
    page,
    request,
  }, testInfo) => {
    const account = await signIn(page, request, 50);
    await engine(request, account, 'hold');
    await openGenerator(page);
    await page.getByRole('group', { name: 'Number of photos' }).getByRole('button', { name: '3' }).click();
    await page.getByRole('group', { name: 'Outfit' }).getByRole('button', { name: 'Evening gown' }).click();
    await expect(page).toHaveURL(/outfit=evening/);
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/Image/generate-batch-images'));
    await page.getByRole('button', { name: `Generate 3 photos for ${3 * PRICE} tokens` }).click();
    expect((await sent).postDataJSON()).toMatchObject({ outfit: 'evening', count: 3 });
    const batch = page.getByTestId('current-batch');
    await expect(batch.getByTestId('pending-photo')).toHaveCount(3);
    await expect(page.getByTestId('batch-progress')).toHaveText('0 of 3 ready');
    await engine(request, account, 'next');
    await expect(batch.getByTestId('generated-photo')).toHaveCount(1);
    await expect(batch.getByTestId('pending-photo')).toHaveCount(2);
    await expect(page.getByTestId('batch-progress')).toHaveText('1 of 3 ready');
    await expect.poll(() => imagesComplete(batch.locator('img'))).toBe(true);
    await batch.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('photo-generation-progress.png') });
    await engine(request, account, 'next');
    await expect(batch.getByTestId('generated-photo')).toHaveCount(2);
    await expect(batch).toHaveAttribute('data-status', 'pending');
    await engine(request, account, 'release');
    await expect(batch).toHaveAttribute('data-status', 'done');
    await expect(batch.getByTestId('generated-photo')).toHaveCount(3);
    expect(await balance(request, account)).toBe(50 - 3 * PRICE);
  });

  test('should refund a failed generation automatically and say so', async ({ page, request }) => {
    const account = await signIn(page, request, 30);
    await engine(request, account, 'fail');
    await openGenerator(page);
    await page.getByRole('button', { name: `Generate 2 photos for ${2 * PRICE} tokens` }).click();
    const batch = page.getByTestId('current-batch');
    await expect(batch).toHaveAttribute('data-status', 'failed');
    await expect(batch.getByTestId('refunded-photo')).toHaveCount(2);
    await expect(page.getByTestId('refund-notice')).toHaveText(
      `The generator failed. ${2 * PRICE} tokens were refunded to your balance.`,
    );
    expect(await balance(request, account)).toBe(30);
  });

  test('should raise the tokens offer for a photo when the balance is short, keeping the choices', async ({
    page,
    request,
  }) => {
    await signIn(page, request, PRICE);
    await openGenerator(page, '?count=3&pose=sitting');
    await page.getByRole('button', { name: `Generate 3 photos for ${3 * PRICE} tokens` }).click();
    const offer = page.getByRole('dialog', { name: 'Not enough tokens' });
    await expect(offer).toBeVisible();
    await expect(offer.getByTestId('insufficient-main')).toHaveAttribute('data-source', 'photo-generation');
    expect(new URL(page.url()).search).toBe('?pose=sitting&count=3');
  });

  test("should send a generated photo into its character's chat", async ({ page, request }) => {
    const account = await signIn(page, request, 20);
    await openGenerator(page, '?count=1');
    await page.getByTestId('character-tile').first().click();
    await page.getByRole('button', { name: `Generate 1 photo for ${PRICE} tokens` }).click();
    const photo = page.getByTestId('current-batch').getByTestId('generated-photo');
    await expect(photo).toHaveCount(1);
    await expect(photo.getByRole('link', { name: 'Download photo 1' })).toHaveAttribute(
      'download',
      /^photo-/,
    );
    const imageId = await photo.getAttribute('data-id');
    await photo.getByRole('button', { name: 'Send photo 1 to chat' }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatId = new URL(page.url()).pathname.split('/').at(-1)!;
    const messages = await request.get(`/api/Chats/${chatId}/messages`, { headers: account.headers });
    expect(JSON.stringify(await messages.json())).toContain(imageId!);
  });

  test('should add at most 30 KB gzip of JS beyond the shell', async ({ browser }) => {
    await expectJsBeyondShellWithin(browser, '/ai-girlfriend-generator', 30);
  });

  for (const layout of layouts()) {
    const { size, theme } = layout;
    test(`should lay out photo generation at ${size} width in the ${theme} theme`, async ({
      page,
      request,
    }, testInfo) => {
      await openInLayout(page, layout);
      await signIn(page, request, 20);
      await openGenerator(page, '?count=2');
      await page.getByTestId('character-tile').first().click();
      await page.getByRole('button', { name: `Generate 2 photos for ${2 * PRICE} tokens` }).click();
      await expect(page.getByTestId('current-batch').getByTestId('generated-photo')).toHaveCount(2);
      // The new photos are drawn before the picture is taken (lazy images elsewhere may never load off-screen).
      await expect.poll(() => imagesComplete(page.getByTestId('current-batch').locator('img'))).toBe(true);
      await attachShot(page, testInfo, `photo-generation-${size}-${theme}`, { fullPage: size === 'desktop' });
    });
  }
});
