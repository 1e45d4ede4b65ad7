import { expect, type Page, type Request } from '@playwright/test';
import { test } from '../support/test.ts';
import { finishQuiz } from '../support/quiz.ts';
import { signInRegistered } from '../support/sign-in.ts';

// The shell's rules between the parts, walked as visitors meet them: a first phone visit to Settings (ADR 0391), a
// visitor landing again on a quiz they finished (ADR 0390), a device whose fingerprint changed (ADR 0323).

test.describe('a first visit on a phone straight to Settings (ADR 0391)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("asks the age question alone; explore's welcome question waits until it is answered", async ({
    page,
  }) => {
    await page.goto('/settings');
    const ageDialog = page.getByRole('dialog', { name: 'Are you 18 or older?' });
    await expect(ageDialog).toBeVisible();
    // Explore has loaded under it (the gate sent the visitor to `/`), and its question has not opened over it.
    await expect(page.getByTestId('remote-page')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await ageDialog.getByRole('button', { name: 'Keep it safe for work' }).click();
    await expect(ageDialog).toBeHidden();
    const welcome = page.getByRole('dialog', { name: 'Who would you like to meet?' });
    await expect(welcome).toBeVisible();
    await welcome.getByRole('button', { name: /Anime/ }).click();
    await expect(welcome).toBeHidden();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
  });
});

/** The document request that takes the visitor to the main app with their session in the query (000 §2.2). */
const handOver = (page: Page) =>
  page.waitForRequest(
    (request: Request) =>
      request.isNavigationRequest() && new URL(request.url()).searchParams.get('brand') === 'main',
  );

test('a visitor who finished a funnel quiz and clicks the ad again goes on to their character, not the quiz (ADR 0390)', async ({
  page,
}) => {
  // Two quizzes and two main-app arrivals in one walk.
  test.setTimeout(120_000);
  await page.goto('/4202?brand=funnels&utm_source=facebook');
  await finishQuiz(page, 'Luna');
  const first = handOver(page);
  await page.getByTestId('quiz').getByRole('button').first().click();
  expect(new URL((await first).url()).pathname).toBe('/create-character');
  await expect(page.getByTestId('remote-page')).toBeVisible();
  const visitor = await page.evaluate(() => localStorage.getItem('persist:auth'));

  // The same ad, clicked again in a new tab: the funnel domain hands the visitor straight to the main app's wizard.
  const again = await page.context().newPage();
  const second = handOver(again);
  await again.goto('/4202?brand=funnels&utm_source=facebook');
  const target = new URL((await second).url());
  expect(target.pathname).toBe('/create-character');
  expect(target.searchParams.get('accessToken')).toBe(JSON.parse(visitor ?? '{}').accessToken);
  await expect(again.getByTestId('remote-page')).toBeVisible();
  await expect(again.getByTestId('quiz')).toHaveCount(0);

  // Another quiz of the brand is still theirs to take.
  await again.goto('/quiz-fb?brand=funnels');
  await expect(again.getByTestId('quiz')).toBeVisible();
});

test('a device whose fingerprint changed since the API got it sends PUT Fingerprint once (ADR 0323)', async ({
  page,
  request,
}) => {
  await signInRegistered(page, request, 'fingerprint');
  // What this device last gave the API for another account (or an older hash): stale for the signed-in user.
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('companion:fingerprint-sent', 'someone-else:stale-hash');
      sessionStorage.setItem('seeded', '1');
    }
  });
  const put = page.waitForRequest((req) => req.url().endsWith('/api/Fingerprint') && req.method() === 'PUT');
  await page.goto('/');
  const sent = (await put).postDataJSON() as { fingerprint: string };
  expect(sent.fingerprint).toMatch(/\S/);
  expect(sent.fingerprint).not.toBe('stale-hash');
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('companion:fingerprint-sent')))
    .toMatch(new RegExp(`:${sent.fingerprint}$`));
});
