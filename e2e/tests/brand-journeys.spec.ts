import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { expectBackOn, fillCard, SUCCESS_CARD } from '../support/payments.ts';
import { finishQuiz } from '../support/quiz.ts';
import { seedSession, storedAccessToken } from '../support/sign-in.ts';
import { signInAdultSubscriber } from '../support/subscription.ts';

// The journey suite, from the spec's words (000 §2.1 "Brand route sets", §2.2, §2.5, §4; 001 §2, §4): each
// brand's own route set walked as its visitors walk it. Every quiz a brand serves is finished and must end in a chat
// or the character wizard (a paid ad click never lands back at a quiz); a sandbox checkout from a funnel comes back
// signed in with the purchase visible; a subscriber opens every item of the phone's menu and bottom navigation; a
// deleted account's other device takes the 410 path on its next request. journeys.spec.ts walks /4202 (funnels),
// /quiz-vip (charmGirl), fbQuiz's `/` and /quiz-black-eve (newGirl); funnels.spec.ts /generation-gray and /2901.

// A quiz, its generate step and the main app it hands over to: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** Where a finished quiz may end (000 §2.1: "lead into the main app": a chat or a created character). */
async function expectChatOrCreation(page: Page, label: string) {
  const wizard = page.getByText(/^Step \d+ of \d+$/);
  const chat = page.getByTestId('conversation');
  await expect(wizard.or(chat).first(), label).toBeVisible({ timeout: 30_000 });
  expect(['/create-character', '/chat'], label).toContain(new URL(page.url()).pathname);
  await expect(page.getByTestId('quiz'), label).toHaveCount(0);
}

/**
 * Finishes the quiz at `path` of `brand` and follows its landing's call to action; a paywall the landing opens is
 * closed and the visitor keeps designing her (001 §4: closing a paywall ends nothing else). Answers whether it ended
 * in a chat or the wizard, signed in as the same visitor.
 */
async function walkQuiz(page: Page, brand: string, path: string) {
  const label = `${brand} ${path}`;
  await page.goto(`${path}?brand=${brand}&utm_source=facebook`);
  await finishQuiz(page, 'Nova');
  const visitor = await storedAccessToken(page);
  const landing = page.getByTestId('quiz');
  await landing.getByRole('button').first().click();
  const paywall = page.getByRole('dialog', { name: 'Get Premium' });
  // A landing either leaves the quiz or opens the paywall over it.
  await expect(
    paywall
      .or(page.getByTestId('conversation'))
      .or(page.getByText(/^Step \d+ of \d+$/))
      .first(),
    label,
  ).toBeVisible({ timeout: 30_000 });
  if (await paywall.isVisible()) {
    await page.keyboard.press('Escape');
    await expect(paywall, label).toHaveCount(0);
    await landing.getByRole('button', { name: /^Keep designing/ }).click();
  }
  await expectChatOrCreation(page, label);
  expect(await storedAccessToken(page), label).toBe(visitor);
}

/** Every quiz path of 000 §2.1, on a brand whose route set serves it, that no other suite finishes. */
const QUIZ_WALKS: Record<string, readonly string[]> = {
  funnels: [
    '/quickdate-honey-gray',
    '/quickdate-honey-black',
    '/quickdate-honey-anime',
    '/1801',
    '/2301',
    '/4201',
    '/4901',
    '/4901/chat',
    '/4901/pricing',
    '/4902',
    '/4902-t',
  ],
  newGirl: [
    '/generation-black-pricing',
    '/generation-white-pricing',
    '/B-JizzGirl',
    '/hentai',
    '/black_anime',
    '/black_three_screens',
  ],
  charmGirl: ['/funnel-new', '/quiz-fb'],
  // The full app serves every funnel page besides its own (the source pages are on no funnel brand).
  main: [
    '/tiktok-source',
    '/adquantum-source',
    '/generation-white',
    '/generation-black',
    '/generation-anime',
  ],
};

/** Each brand's home (000 §2.1 route sets, §2.2 not-found rule) and the test id of its first screen. */
const HOMES: ReadonlyArray<[brand: string, home: string, first: string]> = [
  ['main', '/', 'model-grid'],
  ['newGirl', '/quiz-black-eve', 'quiz'],
  ['charmGirl', '/quiz-vip', 'quiz'],
  ['fakeChat', '/', 'chat-landing'],
  ['fbQuiz', '/', 'quiz'],
  ['funnels', '/quiz-black-eve', 'quiz'],
];

test.describe("each brand's home and route set (000 §2.1, §2.2)", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
  });

  for (const [brand, home, first] of HOMES)
    test(`${brand} opens on its own first page; a path outside its set sends the visitor there with the query kept`, async ({
      page,
    }) => {
      const path = () => new URL(page.url()).pathname;
      await page.goto(`/?brand=${brand}&utm_source=tiktok`);
      await expect.poll(path).toBe(home);
      await expect(page.getByTestId(first)).toBeVisible({ timeout: 30_000 });
      if (brand === 'main') return;
      // Gallery is the full app's, on no funnel brand's list.
      await page.goto(`/gallery?utm_source=tiktok`);
      await expect.poll(path).toBe(home);
      await expect(page.getByTestId(first)).toBeVisible({ timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('utm_source')).toBe('tiktok');
    });

  test("newGirl serves its own creation pages and affiliates (000 §2.1), not the main app's", async ({
    page,
  }) => {
    for (const path of ['/create-character', '/create-character-white', '/affiliates']) {
      await page.goto(`${path}?brand=newGirl`);
      await expect(page.getByTestId('remote-page'), path).toBeVisible();
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
  });
});

/**
 * How many of a brand's quizzes are walked at once, each by its own visitor (a fresh context): a walk mostly waits
 * (the quiz's own pacing, its generate step, the main app's load), so three at a time take a third of the time on
 * CI's two cores (ADR 0456).
 */
const WALKS_AT_ONCE = 3;

test.describe('every quiz of every brand ends in a chat or the character wizard (000 §2.1, §2.2)', () => {
  for (const [brand, paths] of Object.entries(QUIZ_WALKS))
    test(`${brand}: ${paths.join(' ')}`, async ({ browser }) => {
      test.setTimeout(60_000 + 40_000 * Math.ceil(paths.length / WALKS_AT_ONCE));
      const queue = [...paths];
      const failed: string[] = [];
      await Promise.all(
        Array.from({ length: WALKS_AT_ONCE }, async () => {
          for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
            const context = await browser.newContext();
            try {
              await walkQuiz(await context.newPage(), brand, path);
            } catch (error) {
              failed.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
            } finally {
              await context.close();
            }
          }
        }),
      );
      // Every walk ran to its end; each one that failed is named with its own error.
      expect(failed, `${brand}: the quizzes that did not end in a chat or the wizard`).toEqual([]);
    });
});

test.describe('a paid ad click comes back signed in with the purchase (001 §2, §4)', () => {
  // The provider returns to /pricing, outside charmGirl's route set: the funnel domain hands the buyer to the main
  // app's /pricing with the order, where 'Payment Completed' shows.
  test('charmGirl /quiz-fb: the discount plan paid on the sandbox, back signed in as the same visitor, a subscriber in the main app', async ({
    page,
  }) => {
    await page.goto('/quiz-fb?brand=charmGirl&utm_source=facebook');
    await finishQuiz(page, 'Mia');
    const visitor = await storedAccessToken(page);
    await page.getByRole('button', { name: 'Claim my discount' }).click();
    const paywall = page.getByRole('dialog', { name: 'Get Premium' });
    await expect(paywall.getByRole('heading', { name: 'Your Special Discount Is Applied!' })).toBeVisible();
    await paywall.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD);
    // The provider returns to /pricing, which charmGirl does not serve: the main app's checkout takes the order
    // (ADR 0320's hand-over with the session), and the year it bought leads to the lifetime offer (001 §4).
    await page.waitForURL((url) => url.searchParams.has('orderId'));
    await expect(page.getByTestId('token-menu-button')).toBeVisible({ timeout: 30_000 });
    await declineLifetime(page);
    // A subscriber in the main app (000 §2.2), still the same visitor, the plan visible.
    await expect(page.getByTestId('quiz')).toHaveCount(0);
    expect(await storedAccessToken(page)).toBe(visitor);
    await page.getByTestId('profile-menu-button').click();
    await expect(
      page.getByTestId('profile-menu').getByRole('menuitem', { name: 'Subscription' }),
    ).toHaveCount(0);
  });

  // Back on fakeChat's /pricing the visitor is a subscriber on a funnel brand: the order's result shows first, and
  // the subscriber hand-over to the main app waits until they leave it.
  test("fakeChat: a reply opens the brand's pricing, the year plan paid on the sandbox, back signed in and on to a chat", async ({
    page,
  }) => {
    await page.goto('/?brand=fakeChat&utm_source=tiktok');
    const visitor = await expect
      .poll(() => storedAccessToken(page))
      .toMatch(/^ey/)
      .then(() => storedAccessToken(page));
    await page.getByRole('button', { name: 'Hi! Who are you?' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing');
    await expect(page.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD);
    await expectBackOn(page, '/pricing');
    const success = page.getByTestId('payment-success');
    await expect(success).toBeVisible({ timeout: 30_000 });
    await expect(success.getByText('Premium Access')).toBeVisible();
    expect(await storedAccessToken(page)).toBe(visitor);
    await success.getByRole('button', { name: /^Proceed/ }).click();
    await declineLifetime(page);
    // Then a subscriber on a funnel goes on to the main app (000 §2.2), still the same visitor.
    await expect(page.getByTestId('token-menu-button')).toBeVisible({ timeout: 30_000 });
    expect(await storedAccessToken(page)).toBe(visitor);
  });
});

/** 001 §4 "A user on 12 months goes to lifetime after success": the offer, declined through its confirmation. */
async function declineLifetime(page: Page) {
  const offer = page.getByTestId('upgrade-lifetime');
  await expect(offer).toContainText('Pay Once – Use Forever', { timeout: 30_000 });
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // Declining asks first when the 'lifetime' confirmation applies (001 §2).
  const confirmation = page.getByTestId('offer-confirmation');
  if (
    await confirmation.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    )
  )
    await confirmation.getByRole('button', { name: 'Yes, lose access' }).click();
  await expect(offer).toHaveCount(0);
}

test.describe('a subscriber on a phone opens every menu item and tab (000 §2.5)', () => {
  test('the sidebar drawer, the bottom navigation, the profile menu and the token menu each land where the spec says', async ({
    page,
    request,
  }) => {
    // Twenty-odd pages in one walk.
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
    await signInAdultSubscriber(page, request);
    await page.goto('/');
    const path = () => new URL(page.url()).pathname;
    const SIDEBAR = [
      ['Create Character', '/create-character'],
      ['Explore', '/'],
      ['Chat', '/chat'],
      ['Gallery', '/gallery'],
      ['My AI', '/my-ai'],
      ['Photo Generation', '/ai-girlfriend-generator'],
      ['Pricing', '/pricing'],
      ['Terms of Service', '/legal/terms-of-service'],
      ['Privacy Policy', '/legal/privacy-policy'],
    ] as const;
    const sidebar = page.getByTestId('shell-sidebar');
    for (const [label, target] of SIDEBAR) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(sidebar).toHaveAttribute('data-open', 'true');
      await sidebar.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect.poll(path, { message: label }).toBe(target);
      // The drawer closes on navigation (000 §4 "Shell behaviour").
      await expect(sidebar, label).toHaveAttribute('data-open', 'false');
      await expect(page.getByTestId('route-outlet'), label).not.toBeEmpty();
    }
    // Contact Us is hidden in the drawer's list on a phone (000 §2.5).
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar.getByRole('link', { name: 'Contact Us' })).toBeHidden();
    await sidebar.getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar).toHaveAttribute('data-open', 'false');

    const nav = page.getByTestId('shell-bottom-nav');
    await expect(nav.getByRole('link', { name: 'Premium' })).toHaveCount(0);
    for (const [label, target] of [
      ['Chat', '/chat'],
      ['Create character', '/create-character'],
      ['Gallery', '/gallery'],
      ['Tokens', '/tokens'],
      ['Explore', '/'],
    ] as const) {
      await nav.getByRole('link', { name: new RegExp(`^${label}`) }).click();
      await expect.poll(path, { message: label }).toBe(target);
    }

    await page.getByTestId('token-menu-button').click();
    await page.getByTestId('token-menu').getByRole('link', { name: 'Buy tokens' }).click();
    await expect.poll(path).toBe('/tokens');

    const menu = page.getByTestId('profile-menu');
    await page.getByTestId('profile-menu-button').click();
    await expect(menu.getByRole('menuitem', { name: 'Subscription' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page.getByTestId('settings')).toBeVisible();
    await expect.poll(path).toBe('/settings');

    const theme = () => page.locator('html').getAttribute('data-theme');
    const before = await theme();
    await page.getByTestId('profile-menu-button').click();
    await menu.getByRole('menuitemcheckbox', { name: 'Dark mode' }).click();
    await expect.poll(theme).not.toBe(before);
    // A switch keeps its menu open (it is not a navigation), so Log out is one tap away.
    await expect(menu).toBeVisible();
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    const logout = page.getByRole('dialog', { name: 'Log out Account' });
    await logout.getByRole('button', { name: 'Cancel' }).click();
    await expect(logout).toHaveCount(0);
    await expect(page.getByTestId('profile-menu-button')).toBeVisible();
    await page.getByTestId('profile-menu-button').click();
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    await page
      .getByRole('dialog', { name: 'Log out Account' })
      .getByRole('button', { name: 'Log out' })
      .click();
    await expect(page.getByTestId('login-button')).toBeVisible({ timeout: 15_000 });
    await expect.poll(path).toBe('/');
  });
});

test.describe('a deleted account (000 §4 "Soft-deleted account", §8)', () => {
  test("the account deleted on one device: the other device's next request takes the 410 path to a new guest on the main page", async ({
    page,
    browser,
    request,
  }) => {
    await page.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
    const account = await signInAdultSubscriber(page, request, 'deleted');
    // The other device: the same session, already open on Settings.
    const other = await browser.newContext();
    const device = await other.newPage();
    await device.addInitScript(() => localStorage.setItem('persist:category', 'realistic'));
    await seedSession(device, account);
    await device.goto('/gallery');
    await expect(device.getByTestId('profile-menu-button')).toBeVisible();

    await page.goto('/settings');
    await page.getByTestId('delete-account').getByRole('button', { name: 'Delete account' }).click();
    await page.getByTestId('delete-account-dialog').getByRole('button', { name: 'Delete for good' }).click();
    await expect.poll(() => storedAccessToken(page), { timeout: 30_000 }).not.toBe(account.accessToken);

    const gone = device.waitForResponse((response) => response.status() === 410);
    const preRegister = device.waitForRequest((r) => r.url().endsWith('/api/Authenticate/pre-register'));
    await device.reload();
    await gone;
    await preRegister;
    await expect.poll(() => new URL(device.url()).pathname, { timeout: 30_000 }).toBe('/');
    await expect.poll(() => storedAccessToken(device), { timeout: 30_000 }).not.toBe(account.accessToken);
    const auth = await device.evaluate(() => JSON.parse(localStorage.getItem('persist:auth') ?? '{}'));
    expect(auth).toMatchObject({ isSoftDeleted: false });
    await expect(device.getByTestId('login-button')).toBeVisible();
    await other.close();
  });
});
