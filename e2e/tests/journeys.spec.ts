import { expect, test, type Page, type Request } from '@playwright/test';
import { finishQuiz } from '../support/quiz.ts';

// Issue 28's journeys, walked as the spec's visitors and subscribers would (000 §2.2, §4, §6, §7): from each funnel
// brand's quiz into a chat or a created character on the main app, from every link into Settings and the token
// shop, and out of the product by deleting the account.

/** The access token the page keeps (000 §3 "Auth state", `persist:auth`). */
const storedAccessToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as { accessToken?: string }).accessToken,
  );

/** The document request that takes the visitor to the main app with their session in the query (000 §2.2). */
const handOver = (page: Page) =>
  page.waitForRequest(
    (request: Request) =>
      request.isNavigationRequest() && new URL(request.url()).searchParams.get('brand') === 'main',
  );

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
      const leaving = handOver(page);
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
    const leaving = handOver(page);
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
