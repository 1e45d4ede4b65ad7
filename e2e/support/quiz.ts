import { expect, type Page, type Request } from '@playwright/test';

/**
 * Answers the quiz on screen: one `data-answer` per question, then the name, then waits for the landing. With
 * `shoot`, each question and the landing are photographed (into the results folder).
 */
export async function answerQuiz(
  page: Page,
  answers: string[],
  name: string,
  shoot?: (step: string) => Promise<void>,
) {
  const quiz = page.getByTestId('quiz');
  await expect(quiz).toHaveAttribute('data-step', 'welcome');
  await quiz.getByRole('button').first().click();
  for (const value of answers) {
    const step = await quiz.getAttribute('data-step');
    await page.waitForLoadState('networkidle');
    await shoot?.(step!);
    await quiz.locator(`[data-answer="${value}"]`).click();
    await expect(quiz).not.toHaveAttribute('data-step', step!);
  }
  await expect(quiz).toHaveAttribute('data-step', 'name');
  await page.getByLabel('Her name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(quiz).toHaveAttribute('data-step', 'landing', { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  await shoot?.('landing');
}

/** Finishes whatever quiz is on screen as a hurried visitor would: the first answer of every question, then a name. */
export async function finishQuiz(page: Page, name: string) {
  const quiz = page.getByTestId('quiz');
  // A paid visitor's first page: the whole remote arrives first (slow on a busy machine).
  await expect(quiz).toHaveAttribute('data-step', 'welcome', { timeout: 30_000 });
  await quiz.getByRole('button').first().click();
  await expect(quiz).not.toHaveAttribute('data-step', 'welcome');
  for (let step = await quiz.getAttribute('data-step'); step !== 'name';) {
    await quiz.locator('[data-answer]').first().click();
    await expect(quiz).not.toHaveAttribute('data-step', step!);
    step = await quiz.getAttribute('data-step');
  }
  await page.getByLabel('Her name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(quiz).toHaveAttribute('data-step', 'landing', { timeout: 15_000 });
}

/** The document request that takes the visitor to the main app with their session in the query (000 §2.2). */
export const mainAppHandOver = (page: Page) =>
  page.waitForRequest(
    (request: Request) =>
      request.isNavigationRequest() && new URL(request.url()).searchParams.get('brand') === 'main',
  );
