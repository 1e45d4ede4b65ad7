import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';

// One build, every brand: on the e2e host (127.0.0.1, a development host) `?brand=` picks the brand, as the
// hostname map does in production. Fonts, legal entities, route sets and theme defaults come from the brand.

const FONTS: Record<string, string> = {
  main: 'Manrope',
  mainMirror: 'Manrope',
  getHarder: 'Manrope',
  svitlo: 'Manrope',
  myFriend: 'Space Grotesk',
  myMate: 'Inter',
  newGirl: 'Manrope',
  charmGirl: 'Manrope',
  fakeChat: 'Manrope',
  fbQuiz: 'Manrope',
  funnels: 'Manrope',
};

/** The default-country entity of each brand (`shell/src/brand/legal-entities.ts`). */
const DEFAULT_ENTITY: Record<string, string> = {
  main: 'Companion Labs Ltd',
  mainMirror: 'Companion Labs Ltd',
  getHarder: 'Companion Labs Ltd',
  svitlo: 'Companion Labs Ltd',
  myFriend: 'Friendly Minds OÜ',
  myMate: 'Friendly Minds OÜ',
  newGirl: 'Quiz Media Ltd',
  charmGirl: 'Quiz Media Ltd',
  fakeChat: 'Quiz Media Ltd',
  fbQuiz: 'Quiz Media Ltd',
  funnels: 'Quiz Media Ltd',
};

const fontVariable = (page: Page) =>
  page.evaluate(() => document.documentElement.style.getPropertyValue('--cmp-font-family'));

const renderedFont = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((element) => getComputedStyle(element).fontFamily);

test.describe('brands', () => {
  test.use({ locale: 'de-DE' });

  // One context for every brand (the override switches it): one guest session, not eleven pre-registrations
  // against the production rate limit of the e2e stack.
  test('should give every brand its font and legal entity', async ({ page }) => {
    for (const [brand, font] of Object.entries(FONTS)) {
      await page.goto(`/legal/privacy-policy?brand=${brand}`);
      // The server's copy of the page (ADR 0453) paints in the system's fonts until the shell's replaces it.
      await expect(page.locator('#first-screen'), brand).toHaveCount(0);
      await expect(page.getByTestId('legal-company'), brand).toHaveText(DEFAULT_ENTITY[brand]!);
      expect(await fontVariable(page), brand).toMatch(new RegExp(`^'${font}'`));
      expect(await renderedFont(page, 'legal-page'), brand).toMatch(new RegExp(`^"?${font}"?,`));
      // The browser really loaded the face (fontsource files are bundled, nothing comes from a CDN).
      await expect
        .poll(
          () =>
            page.evaluate(
              (family) =>
                [...document.fonts].some(
                  (face) => face.family.replace(/["']/g, '') === family && face.status === 'loaded',
                ),
              font,
            ),
          { message: brand },
        )
        .toBe(true);
    }
  });

  test('should keep the development override across navigation and clear it with an empty ?brand=', async ({
    page,
  }) => {
    await page.goto('/legal?brand=myMate');
    await page.goto('/legal/terms-of-service');
    expect(await fontVariable(page)).toMatch(/^'Inter'/);
    await page.goto('/legal?brand=');
    expect(await fontVariable(page)).toMatch(/^'Manrope'/);
    await expect(page.getByTestId('legal-company')).toHaveText('Companion Labs Ltd');
  });

  test('should start svitlo in its light build default and main in dark', async ({ page }) => {
    await page.goto('/legal?brand=svitlo');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.evaluate(() => localStorage.removeItem('persist:theme'));
    await page.goto('/legal?brand=main');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('should limit a brand to its route set and hide flagged navigation', async ({ page }) => {
    await page.goto('/gallery?brand=fakeChat&utm_source=x');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(new URL(page.url()).searchParams.get('utm_source')).toBe('x');
    await page.goto('/?brand=svitlo');
    const sidebar = page.getByTestId('shell-sidebar');
    await expect(sidebar.getByRole('link', { name: 'Explore' })).toBeAttached();
    await expect(sidebar.getByRole('link', { name: /Gallery/ })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: 'My AI' })).toHaveCount(0);
    await expect(sidebar.getByRole('link', { name: /Photo Generation/ })).toHaveCount(0);
  });
});

test.describe('legal entity per country', () => {
  const COUNTRIES = [
    { locale: 'en-CA', company: 'Companion Labs Canada Inc.' },
    { locale: 'en-US', company: 'Companion Labs USA LLC' },
    { locale: 'fr-FR', company: 'Companion Labs Ltd' },
  ];
  for (const { locale, company } of COUNTRIES) {
    test.describe(locale, () => {
      test.use({ locale });
      test(`should show ${company} to a visitor from ${locale}`, async ({ page }) => {
        await page.goto('/legal/terms-of-service?brand=main');
        await expect(page.getByTestId('legal-company')).toHaveText(company);
        await expect(page.getByTestId('legal-operator')).toContainText(company);
      });
    });
  }

  test.describe('maintenance', () => {
    test.use({ locale: 'en-CA' });
    test('should show the contact e-mail and the entity phone on the maintenance page', async ({ page }) => {
      await page.goto('/maintenance');
      await expect(
        page.getByRole('heading', { name: "Whoops! We're working on something exciting!" }),
      ).toBeVisible();
      await expect(page.getByTestId('maintenance-email')).toHaveText('support@companion.app');
      await expect(page.getByTestId('maintenance-phone')).toHaveText('+1 416 555 0142');
    });
  });
});
