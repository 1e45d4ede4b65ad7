import { expect, type APIRequestContext } from '@playwright/test';
import { test } from '../support/test.ts';
import { finishQuiz, mainAppHandOver } from '../support/quiz.ts';
import { storedAccessToken } from '../support/sign-in.ts';
import { signInAdultSubscriber, signInSubscriber } from '../support/subscription.ts';

// The journeys of ADRs 0320–0322, walked as the spec's visitors and subscribers would (000 §2.2, §4, §6, §7): from each funnel
// brand's quiz into a chat or a created character on the main app, from every link into Settings and the token
// shop, and out of the product by deleting the account.

test.describe('funnel brands convert (000 §2.2)', () => {
  const WIZARD = [
    { brand: 'funnels', path: '/4202' },
    { brand: 'charmGirl', path: '/quiz-vip' },
    { brand: 'fbQuiz', path: '/' },
  ];
  for (const { brand, path } of WIZARD) {
    test(`${brand}: a finished quiz at ${path} ends in the main app's wizard, signed in as the same visitor`, async ({
      page,
    }) => {
      await page.goto(`${path}?brand=${brand}&utm_source=facebook`);
      await finishQuiz(page, 'Luna');
      const visitor = await storedAccessToken(page);
      expect(visitor).toMatch(/^ey/);
      const leaving = mainAppHandOver(page);
      await page.getByTestId('quiz').getByRole('button').first().click();
      const target = new URL((await leaving).url());
      expect(target.pathname).toBe('/create-character');
      expect(target.searchParams.get('accessToken')).toBe(visitor);
      expect(target.searchParams.get('refreshToken')).toBeTruthy();
      expect(target.searchParams.get('device_id')).toBeTruthy();
      expect(target.searchParams.get('utm_source')).toBe('facebook');
      // The main app: its wizard resumes at the summary with the quiz's answers, the tokens gone from the URL.
      await expect(page.getByText('Step 8 of 8')).toBeVisible();
      await expect(page.getByTestId('remote-page').getByText('Luna', { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId('shell-header')).toBeVisible();
      expect(new URL(page.url()).searchParams.has('accessToken')).toBe(false);
      expect(await storedAccessToken(page)).toBe(visitor);
    });
  }

  test("newGirl: the match quiz's 'Chat with Eve' ends in a chat with her on the main app", async ({
    page,
  }) => {
    await page.goto('/quiz-black-eve?brand=newGirl&utm_source=tiktok');
    await finishQuiz(page, 'Eve');
    const leaving = mainAppHandOver(page);
    await page.getByRole('button', { name: 'Chat with Eve' }).click();
    const target = new URL((await leaving).url());
    expect(target.pathname).toBe('/chat');
    expect(target.searchParams.get('modelId')).toBeTruthy();
    await expect(page.getByTestId('conversation')).toBeVisible();
    await expect(page.getByTestId('conversation').getByText('Eve').first()).toBeVisible();
  });

  test('a path typed into a funnel domain is still not found there (the quiz, not the main app)', async ({
    page,
  }) => {
    await page.goto('/create-character?brand=funnels');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/quiz-black-eve');
  });
});

/** The GET User answer for a bearer token. */
const userOf = async (request: APIRequestContext, headers: Record<string, string>) =>
  (await request.get('/api/User', { headers })).json() as Promise<Record<string, unknown>>;

test.describe('subscribers reach Settings and the token shop (000 §2.2, §4, §6)', () => {
  test.beforeEach(async ({ page }) => {
    // A stored category preference, so explore's first-visit welcome popup does not cover the chrome.
    await page.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
  });

  test('a subscriber opens Settings from the profile menu: the age gate, the NSFW confirmation, then Settings with the plan to manage', async ({
    page,
    request,
  }) => {
    const { headers } = await signInSubscriber(page, request);
    await page.goto('/');
    await page.getByTestId('profile-menu-button').click();
    await page.getByTestId('profile-menu').getByRole('menuitem', { name: 'Settings' }).click();
    const dialog = page.getByTestId('content-dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Are you 18 or older?' })).toBeVisible();
    await dialog.getByLabel('Birth year').selectOption('1990');
    await dialog.getByLabel('Birth month').selectOption({ label: 'March' });
    await dialog.getByRole('button', { name: "I'm 18 or older, continue" }).click();
    await expect(page.getByTestId('settings')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/settings');
    await expect(page.getByTestId('subscription-panel')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel subscription' })).toBeVisible();
    expect(await userOf(request, headers)).toMatchObject({ isNConfirmed: true, nEnabled: true });
    expect((await userOf(request, headers))['userFeatures']).toMatchObject({ hasConfirmedAge: true });

    // Every other link to the gated pages now lands: the token menu's Buy tokens and a reload of /settings.
    await page.getByTestId('token-menu-button').click();
    await page.getByTestId('token-menu').getByRole('link', { name: 'Buy tokens' }).click();
    await expect(page.getByRole('heading', { name: 'Buy Tokens' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/tokens');
    await page.goto('/settings');
    await expect(page.getByTestId('settings')).toBeVisible();
  });

  test("a subscriber on a tablet opens the bottom navigation's Tokens tab and lands in the token shop", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 800, height: 1000 });
    await signInSubscriber(page, request);
    await page.goto('/');
    await page.getByTestId('shell-bottom-nav').getByRole('link', { name: 'Tokens' }).click();
    const dialog = page.getByTestId('content-dialog');
    await dialog.getByLabel('Birth year').selectOption('1985');
    await dialog.getByRole('button', { name: "I'm 18 or older, continue" }).click();
    await expect(page.getByRole('heading', { name: 'Buy Tokens' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/tokens');
  });

  test('a minor is told why and stays out; choosing safe for work records the SFW confirmation and stays on the main page', async ({
    page,
    request,
  }) => {
    const { headers } = await signInSubscriber(page, request);
    await page.goto('/settings');
    const dialog = page.getByTestId('content-dialog');
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
    await dialog.getByLabel('Birth year').selectOption(String(new Date().getFullYear() - 15));
    await dialog.getByRole('button', { name: "I'm 18 or older, continue" }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/at least 18/);
    await dialog.getByRole('button', { name: 'Keep it safe for work' }).click();
    await expect(dialog).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await userOf(request, headers)).toMatchObject({ isSConfirmed: true, nEnabled: false });
  });

  test('an ad visitor keeps their attribution through the user fetch and reaches Settings directly', async ({
    page,
  }) => {
    await page.goto('/?utm_source=tiktok');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('persist:user'))).toContain('"id"');
    await page.goto('/settings');
    await expect(page.getByTestId('settings')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('persist:attribution'))).toBe('tiktok');
  });
});

test.describe('account actions in Settings (000 §7)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
  });

  test('a user renames themself, then deletes the account: the next request takes the 410 path to a new guest on the main page', async ({
    page,
    request,
  }) => {
    const { headers, accessToken } = await signInAdultSubscriber(page, request);
    await page.goto('/settings');
    await expect(page.getByTestId('settings')).toBeVisible();

    const name = page.getByLabel('Your name');
    await name.fill('   ');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByTestId('settings').getByRole('alert')).toHaveText(
      'Enter a name of 1 to 50 characters.',
    );
    await name.fill('Alex');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status')).toContainText('Your companions will call you Alex');
    expect(await userOf(request, headers)).toMatchObject({ userName: 'Alex' });

    await page.getByTestId('delete-account').getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByTestId('delete-account-dialog');
    await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('delete-account').getByRole('button', { name: 'Delete account' }).click();
    await page.getByTestId('delete-account-dialog').getByRole('button', { name: 'Delete for good' }).click();

    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/');
    await expect.poll(() => storedAccessToken(page), { timeout: 15_000 }).not.toBe(accessToken);
    const auth = await page.evaluate(() => JSON.parse(localStorage.getItem('persist:auth') ?? '{}'));
    expect(auth).toMatchObject({ isSoftDeleted: false });
    expect((await request.get('/api/User', { headers })).status()).toBe(410);
    // The new guest is someone else, without the old email.
    const guest = await userOf(request, { authorization: `Bearer ${auth.accessToken}` });
    expect(guest['email']).toBeNull();
    await expect(page.getByRole('button', { name: /log ?in/i }).first()).toBeVisible();
  });
});

test.describe('errors inside a remote (000 §8)', () => {
  test('a quiz page whose chunk fails to load shows the error screen with its content hidden, and nothing is reported', async ({
    page,
  }) => {
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/client-errors')) reports.push(request.postData() ?? '');
    });
    await page.route(/\/remotes\/funnels\/.*\/quiz\.[0-9a-f]+\.js$/, (route) =>
      route.abort('connectionrefused'),
    );
    await page.goto('/quiz-fb');
    await expect(page.locator('[data-remote-outlet="funnels"] [data-content-hidden]')).toBeAttached();
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    expect(reports).toEqual([]);
  });
});

test.describe('a subscriber walks every menu item and tab (000 §2.5)', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
  });

  test('the desktop top navigation, the profile menu and the token menu each land where the spec says', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAdultSubscriber(page, request);
    const TOP = [
      ['Create Character', '/create-character'],
      ['Explore', '/'],
      ['Chat', '/chat'],
      ['Gallery', '/gallery'],
      ['My AI', '/my-ai'],
      ['Pricing', '/pricing'],
      ['Contact Us', '/contact-us'],
    ] as const;
    await page.goto('/');
    for (const [label, path] of TOP) {
      await page.getByTestId('shell-top-nav').getByRole('link', { name: label }).click();
      await expect.poll(() => new URL(page.url()).pathname, { message: label }).toBe(path);
      await expect(page.getByTestId('route-outlet')).not.toBeEmpty();
    }
    // A subscriber's profile menu has no Subscription entry (000 §2.5, §6); Settings opens.
    await page.getByTestId('profile-menu-button').click();
    const menu = page.getByTestId('profile-menu');
    await expect(menu.getByRole('menuitem', { name: 'Subscription' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByTestId('settings')).toBeVisible();
    await page.getByTestId('token-menu-button').click();
    await page.getByTestId('token-menu').getByRole('link', { name: 'Buy tokens' }).click();
    await expect(page.getByRole('heading', { name: 'Buy Tokens' })).toBeVisible();
  });

  test('every bottom-navigation tab on a tablet lands where the spec says, Tokens for a subscriber', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 820, height: 1100 });
    await signInAdultSubscriber(page, request);
    const TABS = [
      ['Chat', '/chat'],
      ['Create character', '/create-character'],
      ['Gallery', '/gallery'],
      ['Tokens', '/tokens'],
      ['Explore', '/'],
    ] as const;
    await page.goto('/');
    const nav = page.getByTestId('shell-bottom-nav');
    await expect(nav.getByRole('link', { name: 'Premium' })).toHaveCount(0);
    for (const [label, path] of TABS) {
      // Gallery's name carries its 'New' mark.
      await nav.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect.poll(() => new URL(page.url()).pathname, { message: label }).toBe(path);
    }
  });
});
