import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { hydrationProblem, test } from '../support/test.ts';
import {
  GOOGLEBOT,
  expectChromeNavigation,
  firstScreen,
  keepServed,
  openWithoutJavaScript,
  servedHtml as html,
  servedIsOnScreen,
} from '../support/first-screen.ts';
import { signInRegistered } from '../support/sign-in.ts';
import { attachShot, layouts } from '../support/screenshots.ts';

// ADR 0453: explore's `/` and `/premium-models` come from the server inside the shell's chrome frame (the header,
// sidebar and bottom navigation as a visitor whose user is not loaded sees them), with the first cards from the
// origin's public answer; explore hydrates its part in place and the shell's own root takes over the chrome. The
// legal pages are the shell's own: the frame renders them whole, and the shell's root replaces them once loaded.

/** The names on the first screen's cards, in order. */
const cardNames = (markup: string) =>
  [...markup.matchAll(/data-testid="model-card".*?<\/button>/gs)].map(
    // The foot: "<name>, <age>" (the marks before it read "Anime, " too, without an age).
    ([card]) =>
      /<span class="[^"]*">([^<]+)<\/span><span[^>]*>, <\/span><span[^>]*>\d+</.exec(card)?.[1] ?? '?',
  );

/** The public catalogue's characters as the API lists them (what the grid shows first). */
async function catalogue(request: APIRequestContext) {
  const response = await request.get('/api/PersonModel/top');
  return (await response.json()) as { firstName: string; isAnime: boolean; isPremium: boolean }[];
}

/**
 * Stricter than every test's watch (ADR 0454): React's hydration errors, and any report the page sends at all (a
 * first screen must bring none). Not every console error: a page's third-party pixel that cannot resolve its host in
 * a sandbox is not this suite's business.
 */
function watchHydration(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (hydrationProblem('console', message.text())) problems.push(message.text());
  });
  page.on('request', (request) => {
    if (request.url().includes('/api/client-errors')) problems.push(`report: ${request.postData()}`);
  });
  return problems;
}

test.describe('explore from the server', () => {
  test('should name the first characters in the HTML of / for a crawler, inside the chrome', async ({
    request,
  }) => {
    const realistic = (await catalogue(request)).filter((model) => !model.isAnime && !model.isPremium);
    for (const userAgent of [undefined, GOOGLEBOT]) {
      const page = await html(request, '/', userAgent);
      const screen = firstScreen(page);
      expect(screen).not.toBeNull();
      // The grid's first cards are the catalogue's first realistic characters (000 §2.3: realistic by default).
      expect(cardNames(screen!).slice(0, 4)).toEqual(realistic.slice(0, 4).map((model) => model.firstName));
      expect(screen).toContain('<h1');
      expect(screen).toContain('>Explore</h1>');
      // The chrome: the header's navigation and Login, the sidebar; no second copy of the shell's ids.
      expect(screen).toContain('aria-label="Top"');
      expect(screen).toContain('>Login</button>');
      expect(screen).not.toMatch(/ id="(main|shell-sidebar)"|data-testid="shell-/);
    }
    const anime = (await catalogue(request)).filter((model) => model.isAnime && !model.isPremium);
    expect(cardNames(firstScreen(await html(request, '/?category=anime'))!).slice(0, 2)).toEqual(
      anime.slice(0, 2).map((model) => model.firstName),
    );
    const premium = (await catalogue(request)).filter((model) => model.isPremium);
    const premiumPage = firstScreen(await html(request, '/premium-models'))!;
    expect(premiumPage).toContain('>Premium Models</h1>');
    expect(cardNames(premiumPage).slice(0, 2)).toEqual(premium.slice(0, 2).map((model) => model.firstName));
  });

  for (const layout of layouts()) {
    test(`should show the first cards without JavaScript, in the chrome, at ${layout.size} width in the ${layout.theme} theme`, async ({
      browser,
    }, testInfo) => {
      const { page, inDocument, close } = await openWithoutJavaScript(browser, layout, '/');
      await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      const first = page.getByTestId('model-card').first();
      await expect(first).toBeVisible();
      // The portrait is loaded and its box reserved (2:3) by the server's own style attribute, which the CSP
      // allows by its hash.
      const image = first.locator('img');
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      const box = (await image.boundingBox())!;
      expect(box.height / box.width).toBeCloseTo(1.5, 1);
      await expectChromeNavigation(page, layout);
      expect(await inDocument()).toEqual([]);
      await attachShot(page, testInfo, `explore-first-screen-no-js-${layout.size}-${layout.theme}`);
      await close();
    });
  }

  test('should hydrate / and /premium-models in place without a mismatch, from the inlined answer', async ({
    page,
  }) => {
    const problems = watchHydration(page);
    // The public list (asked without a token) is the one the origin inlined: the grid's first render reads it.
    const publicFetches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/PersonModel/top') && !request.headers()['authorization'])
        publicFetches.push(request.url());
    });
    await keepServed(page, 'h1');
    for (const url of ['/', '/?category=anime', '/?utm_source=tiktok', '/premium-models']) {
      await page.goto(url);
      await expect(
        page.locator('[data-remote-outlet="explore"][data-state="mounted"] h1'),
        url,
      ).toBeVisible();
      await expect(page.locator('#first-screen'), url).toHaveCount(0);
      expect(await servedIsOnScreen(page, 'explore', 'h1'), url).toBe(true);
      await expect(page.getByTestId('shell-header'), url).toHaveCount(1);
    }
    expect(publicFetches).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('should go on as explore after hydration: the filter, a card, the chrome', async ({ page }) => {
    const problems = watchHydration(page);
    await keepServed(page, '[data-testid="model-card"]');
    await page.goto('/');
    await expect(page.locator('[data-remote-outlet="explore"][data-state="mounted"]')).toBeVisible();
    expect(await servedIsOnScreen(page, 'explore', '[data-testid="model-card"]')).toBe(true);
    // A first-time visitor is asked for a style (000 §2.4) once the page is alive.
    const welcome = page.getByRole('dialog');
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: /Anime/ }).click();
    await expect(page.locator('[data-remote-outlet="explore"] [data-filter="anime"]')).toBeVisible();
    await expect(page.getByTestId('model-card').first()).toHaveAttribute('data-anime', 'true');
    await page.getByRole('link', { name: 'Pricing' }).first().click();
    await expect(page).toHaveURL(/\/pricing/);
    await expect(page.locator('[data-remote-outlet="checkout"][data-state="mounted"]')).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('should hydrate for a signed-in visitor too, and then show their own chrome', async ({
    page,
    request,
  }) => {
    await signInRegistered(page, request, 'first-screen');
    const problems = watchHydration(page);
    await keepServed(page, 'h1');
    await page.goto('/');
    await expect(page.locator('[data-remote-outlet="explore"][data-state="mounted"] h1')).toBeVisible();
    expect(await servedIsOnScreen(page, 'explore', 'h1')).toBe(true);
    // The server sent the not-yet-loaded chrome; the shell's root shows the visitor's.
    await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
    await expect(page.getByTestId('login-button')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});

test.describe('the legal pages from the server', () => {
  test('should send a policy whole, in the chrome, for a crawler and a visitor without JavaScript', async ({
    request,
    browser,
  }, testInfo) => {
    const page = await html(request, '/legal/privacy-policy', GOOGLEBOT);
    const screen = firstScreen(page);
    expect(screen).toContain('>Privacy Policy</h1>');
    // The numbered sections themselves, not a spinner: the text's chunk is in the server's render.
    expect(screen).toMatch(/<h2[^>]*>1<!-- -->\. <!-- -->/);
    expect(screen).not.toContain('role="status"');
    expect(firstScreen(await html(request, '/legal'))).toContain('>Legal</h1>');
    // Another page of the shell's own is the client's, as before.
    expect(firstScreen(await html(request, '/contact-us'))).toBeNull();

    for (const layout of layouts()) {
      const {
        page: tab,
        inDocument,
        close,
      } = await openWithoutJavaScript(browser, layout, '/legal/terms-of-service');
      await expect(tab.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
      await expect(tab.getByRole('heading', { level: 2, name: '1. Agreement' })).toBeVisible();
      await expect(tab.getByRole('button', { name: 'Login' })).toBeVisible();
      // Styled by the policy pages' own stylesheet, which the page links (the page's 28 px title, not a default 32).
      const title = tab.getByRole('heading', { level: 1 });
      expect(await title.evaluate((element) => getComputedStyle(element).fontSize)).toBe('28px');
      expect(await inDocument()).toEqual([]);
      await attachShot(tab, testInfo, `legal-first-screen-no-js-${layout.size}-${layout.theme}`);
      await close();
    }
  });

  test("should give way to the shell's own page once it is loaded, and leave the document", async ({
    page,
  }) => {
    const problems = watchHydration(page);
    await page.goto('/legal/terms-of-service');
    await expect(page.getByTestId('legal-text')).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.getByTestId('shell-header')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toHaveCount(1);
    // The page goes on as the app: a link of the chrome navigates in place.
    await page.getByRole('link', { name: '← All policies' }).click();
    await expect(page.getByTestId('legal-index')).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
});
