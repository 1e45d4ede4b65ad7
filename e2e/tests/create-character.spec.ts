import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { completeDraft } from '../support/character-draft.ts';
import { expectJsBeyondShellWithin } from '../support/route-bytes.ts';
import { attachShot, imagesComplete, layouts, openInLayout } from '../support/screenshots.ts';
import { signInWithTokens } from '../support/sign-in.ts';

// The create-character remote on the real stack: the wizard, its session draft, creation (price, sign-in, short
// balance) into the chat URL, and My AI (rename, delete with undo). Characters are made by the real API; tokens
// come from the API's test fixture (what a token purchase will do).

const DRAFT_KEY = 'character-draft';

interface Account {
  accessToken: string;
  headers: { authorization: string };
}

/** A registered user made through the API and signed in (`support/sign-in.ts`), with `tokens` credited. */
const signIn = (page: Page, request: APIRequestContext, tokens = 0): Promise<Account> =>
  signInWithTokens(page, request, tokens, 'create');

const draft = completeDraft;

/** Seeds the session draft at a step before the page loads (what an earlier visit in this tab left). */
async function seedDraft(page: Page, step: string, value: Record<string, unknown> = draft()) {
  await page.addInitScript(
    `sessionStorage.getItem(${JSON.stringify(DRAFT_KEY)}) || sessionStorage.setItem(${JSON.stringify(
      DRAFT_KEY,
    )}, ${JSON.stringify(JSON.stringify({ version: 1, step, draft: value }))})`,
  );
}

const stepCount = (page: Page) => page.getByText(/^Step \d of 8$/);
const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();
const pick = (page: Page, group: string, option: string) =>
  page
    .getByRole('group', { name: new RegExp(`^${group}`) })
    .getByText(option, { exact: true })
    .click();

test.describe('create character', () => {
  test('should create a realistic character step by step, resume after a reload, and open her chat', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request, 30);
    await page.goto('/create-character');
    await expect(stepCount(page)).toHaveText('Step 1 of 8');
    await next(page);
    await expect(page.getByRole('alert')).toHaveText('Choose realistic or anime to continue.');
    await pick(page, 'Style', 'Realistic');
    await next(page);

    await expect(stepCount(page)).toHaveText('Step 2 of 8');
    await page.getByLabel('Age (18–60)').fill('25');
    await pick(page, 'Ethnicity', 'Latina');
    await pick(page, 'Eye colour', 'Green');
    await next(page);
    await expect(stepCount(page)).toHaveText('Step 3 of 8');
    await pick(page, 'Hair style', 'Long wavy');

    // An accidental reload resumes at the same step with the choices made so far.
    await page.reload();
    await expect(stepCount(page)).toHaveText('Step 3 of 8');
    await expect(page.getByRole('radio', { name: 'Long wavy' })).toBeChecked();
    await pick(page, 'Hair colour', 'Red');
    await next(page);

    await pick(page, 'Body type', 'Curvy');
    await next(page);
    await pick(page, 'Personality', 'Caring');
    await expect(page.getByRole('slider', { name: 'Libido' })).toHaveValue('50');
    await next(page);
    await pick(page, 'She is your', 'Girlfriend');
    await pick(page, 'Hobbies', 'Yoga');
    await next(page);
    await next(page);
    await expect(page.getByText('Give her a name.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Name' }).fill('Maya');
    await next(page);

    await expect(stepCount(page)).toHaveText('Step 8 of 8');
    const create = page.getByRole('button', { name: /Create her/ });
    await expect(create.getByText('10 tokens')).toBeVisible();
    const created = page.waitForResponse(/\/api\/PersonModel\/create$/);
    const opened = page.waitForResponse(/\/api\/Chats\/start$/);
    await create.click();
    const model = (await (await created).json()) as { id: string; firstName: string; isAnime: boolean };
    expect(model).toMatchObject({ firstName: 'Maya', isAnime: false });
    await expect(page).toHaveURL(new RegExp(`/chat\\?modelId=${model.id}$`));
    expect(await page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).toBeNull();

    // The chat remote started her chat on arrival: starting it again finds that chat, not a new one.
    expect((await opened).status()).toBe(201);
    const start = await request.post('/api/Chats/start', {
      headers: account.headers,
      data: { personModelId: model.id },
    });
    expect(start.status()).toBe(200);
    const balance = await request.get('/api/Tokens/balance', { headers: account.headers });
    expect((await balance.json()).remainingTokens).toBe(20);
  });

  test('should create an anime character from a resumed draft with anime-only fields', async ({
    page,
    request,
  }) => {
    await signIn(page, request, 10);
    await seedDraft(page, 'summary');
    await page.goto('/create-character');
    await expect(stepCount(page)).toHaveText('Step 8 of 8');
    await expect(page.getByText('Elf')).toBeVisible();
    const created = page.waitForResponse(/\/api\/PersonModel\/create-anime-person$/);
    await page.getByRole('button', { name: /Create her/ }).click();
    const model = (await (await created).json()) as { id: string; isAnime: boolean; firstName: string };
    expect(model).toMatchObject({ isAnime: true, firstName: 'Yui' });
    await expect(page).toHaveURL(new RegExp(`/chat\\?modelId=${model.id}$`));
  });

  test('should open the tokens offer when the balance is short and create nothing', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request, 0);
    await seedDraft(page, 'summary');
    await page.goto('/create-character');
    await page.getByRole('button', { name: /Create her/ }).click();
    await expect(page.getByRole('dialog', { name: 'Not enough tokens' })).toBeVisible();
    const mine = await request.get('/api/PersonModel/get-created-persons', { headers: account.headers });
    expect(await mine.json()).toEqual([]);
    await expect(page).toHaveURL(/\/create-character$/);
  });

  test('should ask an anonymous visitor to sign in before creating', async ({ page }) => {
    await seedDraft(page, 'summary');
    await page.goto('/create-character');
    await expect(stepCount(page)).toHaveText('Step 8 of 8');
    await page.getByRole('button', { name: /Create her/ }).click();
    await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  });

  test('should show the white variant on the light palette in the dark theme', async ({ page }) => {
    await page.goto('/create-character-white');
    const root = page.locator('[data-variant="white"]');
    await expect(root).toBeVisible();
    const background = await root.evaluate((element) => getComputedStyle(element).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(200);
  });
});

test.describe('my ai', () => {
  test('should list, rename, delete with undo, and delete for good', async ({ page, request }) => {
    const account = await signIn(page, request, 10);
    const made = await request.post('/api/PersonModel/create', {
      headers: account.headers,
      data: draft({ style: 'realistic', name: 'Lena', race: null }),
    });
    expect(made.status()).toBe(201);
    await page.goto('/my-ai');
    await expect(page.getByRole('link', { name: 'Chat with Lena' })).toBeVisible();

    await page.getByRole('button', { name: 'Rename Lena' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename Lena' });
    await dialog.getByLabel('New name').fill('<b>');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText(/Start with a letter/)).toBeVisible();
    await dialog.getByLabel('New name').fill('Lena Rose');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('link', { name: 'Chat with Lena Rose' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Lena Rose' }).click();
    await expect(page.getByRole('status')).toContainText('Lena Rose was deleted.');
    await expect(page.getByRole('link', { name: 'Chat with Lena Rose' })).toBeHidden();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('link', { name: 'Chat with Lena Rose' })).toBeVisible();

    await page.getByRole('button', { name: 'Delete Lena Rose' }).click();
    await expect(page.getByRole('status')).toContainText('was deleted.');
    await page.reload();
    await expect(page.getByRole('link', { name: 'Create your first character' })).toBeVisible();
  });

  test('should move on from the first step as soon as a style is picked with the V2 entry point', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request);
    const flags = await request.post('/api/Authenticate/update-feature-flags', {
      headers: account.headers,
      data: { newCharacterCreationEntryPointV2: true },
    });
    expect(flags.ok()).toBe(true);
    await page.goto('/create-character');
    await expect(stepCount(page)).toHaveText('Step 1 of 8');
    await expect(page.locator('[data-entry-point="v2"]')).toBeVisible();
    await pick(page, 'Style', 'Anime');
    await expect(stepCount(page)).toHaveText('Step 2 of 8');
  });

  test('should export a card as PNG and JSON and import it back into a new draft with the same fields', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request, 10);
    const made = await request.post('/api/PersonModel/create-anime-person', {
      headers: account.headers,
      data: draft({ name: 'Kira' }),
    });
    expect(made.status()).toBe(201);
    await page.goto('/my-ai');
    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Kira as a JSON card' }).click();
    const jsonFile = await (await json).path();
    const card = JSON.parse(readFileSync(jsonFile, 'utf8')) as { spec: string; data: { name: string } };
    expect(card).toMatchObject({ spec: 'chara_card_v3', data: { name: 'Kira' } });
    const png = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Kira as a PNG card' }).click();
    const pngDownload = await png;
    expect(pngDownload.suggestedFilename()).toMatch(/\.card\.png$/);
    // The PNG is her portrait (400×600, many colours), not a placeholder gradient.
    const pngBytes = readFileSync(await pngDownload.path());
    expect([pngBytes.readUInt32BE(16), pngBytes.readUInt32BE(20)]).toEqual([400, 600]);
    expect(pngBytes.length).toBeGreaterThan(10_000);
    await expect(page.getByTestId('created-date').first()).toHaveText(
      /^Created \d{1,2} [A-Z][a-z]{2} \d{4}$/,
    );

    await page.goto('/create-character');
    await expect(stepCount(page)).toHaveText('Step 1 of 8');
    const upload = page.getByLabel('Import a character card (PNG or JSON)');
    await upload.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{nope'),
    });
    await expect(page.getByRole('alert')).toHaveText('That file is not a readable character card.');
    await upload.setInputFiles(await pngDownload.path());
    await expect(stepCount(page)).toHaveText('Step 8 of 8');
    const stored = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key)!), DRAFT_KEY);
    expect(stored.draft).toEqual({ ...draft({ name: 'Kira' }), id: null });
  });
});

test.describe('create character bytes', () => {
  test('should add at most 35 KB gzip of JS beyond the shell', async ({ browser }) => {
    await expectJsBeyondShellWithin(browser, '/create-character', 35);
  });
});

test.describe('my ai layout', () => {
  for (const layout of layouts()) {
    const { size, theme } = layout;
    test(`should lay out My AI with dates and order at ${size} width in the ${theme} theme`, async ({
      page,
      request,
    }, testInfo) => {
      await openInLayout(page, layout);
      const account = await signIn(page, request, 20);
      for (const [name, style] of [
        ['Mika', 'anime'],
        ['Lena', 'realistic'],
      ] as const) {
        const made = await request.post(
          style === 'anime' ? '/api/PersonModel/create-anime-person' : '/api/PersonModel/create',
          {
            headers: account.headers,
            data: draft({ name, style, ...(style === 'realistic' ? { race: null } : {}) }),
          },
        );
        expect(made.status()).toBe(201);
      }
      await page.goto('/my-ai');
      const links = page.getByRole('link', { name: /^Chat with/ });
      await expect(links).toHaveCount(2);
      // Newest first; the order control puts the oldest first.
      await expect(links.first()).toHaveAccessibleName('Chat with Lena');
      await expect(page.getByTestId('created-date')).toHaveCount(2);
      await page
        .getByRole('group', { name: 'Sort your characters' })
        .getByRole('button', { name: 'Oldest' })
        .click();
      await expect(links.first()).toHaveAccessibleName('Chat with Mika');
      await expect.poll(() => imagesComplete(page.locator('img'))).toBe(true);
      await attachShot(page, testInfo, `my-ai-${size}-${theme}`, { fullPage: size === 'desktop' });
    });
  }
});
