import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/env.ts';
import { fillCard, SUCCESS_CARD } from '../support/payments.ts';
import { answerQuiz } from '../support/quiz.ts';
import { jsBeyondShell, jsTotal } from '../support/route-bytes.ts';

// The funnels remote on the real stack: quizzes from their data files into the app (the wizard's draft filled
// in), a purchase from the quiz variants' discount modal on the sandbox card provider, the chat funnel's
// pre-landing tag, the fakeChat brand's route set, and a look at every variant's first screen.

/** The analytics events the shell forwarded to the page's dataLayer. */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: Record<string, unknown>[] }).dataLayer ?? []).slice(),
  );

test.describe('funnels', () => {
  test('generation-gray hands its answers to the character wizard', async ({ page }) => {
    await page.goto('/generation-gray?utm_source=facebook');
    // A funnel page has no chrome and does not download it (ADR 0278).
    await expect(page.getByTestId('shell-header')).toHaveCount(0);
    await answerQuiz(page, ['realistic', 'redhead', 'playful', 'friend'], 'Ruby');
    await expect(page.getByRole('heading', { name: 'Ruby is ready to come to life' })).toBeVisible();
    await page.getByRole('button', { name: 'Continue with Ruby' }).click();
    await expect(page).toHaveURL(/\/create-character/);
    await expect(page.getByText('Step 8 of 8')).toBeVisible();
    // The app page it leads to has the chrome, loaded on the way in a client-side move, with its header's space.
    const header = page.getByTestId('shell-header');
    await expect(header).toBeVisible();
    expect((await header.boundingBox())?.height).toBeGreaterThanOrEqual(56);
    const wizard = page.getByTestId('remote-page');
    for (const text of ['Ruby', 'Realistic', 'Red', 'Green', 'Playful', 'Friend'])
      await expect(wizard.getByText(text, { exact: true }).first()).toBeVisible();
    const events = await dataLayer(page);
    expect(events).toContainEqual(
      expect.objectContaining({ event: 'quiz_started', variant: 'generation-gray', step_count: 6 }),
    );
    expect(events.filter((e) => e['event'] === 'quiz_completed')).toEqual([
      expect.objectContaining({ variant: 'generation-gray', hand_over: 'wizard' }),
    ]);
  });

  test('quiz2901 (anime) hands its answers to the character wizard', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/2901');
    await answerQuiz(page, ['silver-elf', 'shy', 'girlfriend'], 'Yuki', (step) =>
      page.screenshot({ path: testInfo.outputPath(`quiz2901-${step}.png`) }).then(() => undefined),
    );
    await page.getByRole('button', { name: 'Meet Yuki' }).click();
    await expect(page).toHaveURL(/\/create-character/);
    const wizard = page.getByTestId('remote-page');
    for (const text of ['Yuki', 'Anime', 'Elf', 'Silver', 'Shy', 'Girlfriend'])
      await expect(wizard.getByText(text, { exact: true }).first()).toBeVisible();
  });

  test('quiz-fb ends on the 776 px discount modal and a sandbox card buys the plan', async ({ page }) => {
    await page.goto('/quiz-fb');
    await answerQuiz(page, ['realistic', 'latina', 'sweet', 'girlfriend'], 'Sofia');
    await page.getByRole('button', { name: 'Claim my discount' }).click();
    const dialog = page.getByRole('dialog', { name: 'Get Premium' });
    await expect(dialog.getByRole('heading', { name: 'Your Special Discount Is Applied!' })).toBeVisible();
    const width = await dialog.evaluate((node) => node.getBoundingClientRect().width);
    expect(width).toBeGreaterThan(700);
    expect(width).toBeLessThanOrEqual(776);
    await expect(dialog.getByRole('radio').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD, { name: 'E2E Quiz Buyer' });
    await page.waitForURL((url) => url.searchParams.has('orderId'));
    await expect(page.getByTestId('payment-success')).toBeVisible({ timeout: 20_000 });
    // Now a subscriber: a funnel sends them on to the main app (000 §2.2, the shell's rule), here the chat list.
    await page.goto('/quiz-fb');
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/chat');
  });

  test('the chat funnel tags its pre-landing chat_funnel_{chatId}', async ({ page }) => {
    await page.goto('/chat-landing/42');
    await expect(page.getByTestId('chat-landing')).toHaveAttribute('data-pre-landing', 'chat_funnel_42');
    await expect
      .poll(
        async () => (await dataLayer(page)).find((e) => e['event'] === 'pre_landing_viewed')?.['preLanding'],
      )
      .toBe('chat_funnel_42');
    // Her name replaces 'New message' once the funnel's characters arrived (a reply before that opens pricing).
    await expect(page.locator('#chat-landing-name')).not.toHaveText('New message');
    await page.getByRole('button', { name: 'Show me 😍' }).click();
    await expect(page).toHaveURL(/\/chat\?modelId=/);
  });

  test('the fakeChat brand: its main page is the chat landing tagged fake_chat, replying opens pricing', async ({
    page,
  }) => {
    await page.goto('/?brand=fakeChat');
    await expect(page.getByTestId('chat-landing')).toHaveAttribute('data-pre-landing', 'fake_chat');
    await page.getByRole('button', { name: 'Hi! Who are you?' }).click();
    await expect(page).toHaveURL(/\/pricing/);
    await expect(page.getByRole('radiogroup', { name: 'Subscription plans' })).toBeVisible();
    // Outside the route set: not found, which sends the visitor to the brand's main page, the chat landing.
    await page.goto('/gallery');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect(page.getByTestId('chat-landing')).toHaveAttribute('data-pre-landing', 'fake_chat');
  });

  test('every variant and page has a first screen, at phone size (and a few on desktop)', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(300_000);
    // Every path the remote declares (package.json companion.routes), a chat id filled in.
    const declared = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'remotes/funnels/package.json'), 'utf8'),
    ) as {
      companion: { routes: string[] };
    };
    // `/funnel-report` is the growth team's admin report (tracking.spec.ts covers it), not a funnel screen.
    const pages = declared.companion.routes
      .filter((route) => route !== '/funnel-report')
      .map((route) => route.replace(':chatId', '7'));
    expect(pages.length).toBeGreaterThan(30);
    // Three pages at a time, each a fresh visitor: a page mostly waits on its loads (ADR 0456).
    const queue = [...pages];
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
        const tab = await context.newPage();
        for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
          await tab.goto(url);
          const first = tab.getByTestId(
            url === '/affiliates' ? 'affiliates' : url.startsWith('/chat-landing') ? 'chat-landing' : 'quiz',
          );
          await expect(first, url).toBeVisible();
          await expect(tab.getByRole('heading', { level: 1 }).first(), url).toBeVisible();
          await tab.waitForLoadState('networkidle');
          await tab.screenshot({ path: testInfo.outputPath(`phone${url.replaceAll('/', '_')}.png`) });
        }
        await context.close();
      }),
    );
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    for (const url of [
      '/quiz-fb',
      '/generation-black',
      '/quickdate-honey-anime',
      '/generation-white?isLightTheme=true',
      '/affiliates',
    ]) {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: testInfo.outputPath(`desktop${url.replace(/[/?=]/g, '_')}.png`) });
    }
    await page.close();
  });

  test("each funnel page's own chunk comes with the HTML's preloads, and no page downloads another's (ADR 0285)", async ({
    browser,
    baseURL,
  }) => {
    /** The funnels files a page's HTML preloads, and the funnels scripts the page ran until its first screen. */
    const filesOf = async (url: string, firstScreen: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const html = await (
        await context.request.get(`${baseURL}${url}`, { headers: { accept: 'text/html' } })
      ).text();
      const preloaded = [...html.matchAll(/<link rel="preload" href="(\/remotes\/funnels\/[^"]+\.js)"/g)].map(
        (match) => match[1]!,
      );
      const scripts: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/remotes/funnels/') && pathname.endsWith('.js')) scripts.push(pathname);
      });
      await page.goto(url);
      await expect(page.getByTestId(firstScreen).locator('h1').first()).toBeVisible();
      await context.close();
      return { preloaded, scripts };
    };
    const quiz = await filesOf('/quiz-fb', 'quiz');
    const landing = await filesOf('/chat-landing/42', 'chat-landing');
    const quizChunk = quiz.preloaded.find((file) => /\/quiz\.[0-9a-f]+\.js$/.test(file));
    const landingChunk = landing.preloaded.find((file) => /\/chat-landing\.[0-9a-f]+\.js$/.test(file));
    expect(quizChunk).toBeDefined();
    expect(landingChunk).toBeDefined();
    // Every funnels script of the first screen was preloaded: none waited for another to run first.
    expect(quiz.scripts.filter((file) => !quiz.preloaded.includes(file))).toEqual([]);
    expect(landing.scripts.filter((file) => !landing.preloaded.includes(file))).toEqual([]);
    expect(quiz.scripts).not.toContain(landingChunk);
    expect(landing.scripts).not.toContain(quizChunk);
  });

  test("a paid visitor's first page loads at most 150 KB of JavaScript (gzip) in total", async ({
    browser,
    baseURL,
  }) => {
    // The funnel brands' main pages too: their host serves a funnels page at `/`, which the origin preloads instead
    // of the app's explore and chrome (ADR 0285).
    for (const brand of ['fbQuiz', 'fakeChat']) {
      const html = await (
        await browser
          .newContext()
          .then((context) =>
            context.request.get(`${baseURL}/?brand=${brand}`, { headers: { accept: 'text/html' } }),
          )
      ).text();
      expect(html, brand).toContain('href="/remotes/funnels/');
      expect(html, brand).not.toContain('href="/remotes/explore/');
      expect(html, brand).not.toContain('data-chrome');
    }
    for (const [url, ready] of [
      ['/quiz-fb', 'quiz'],
      ['/chat-landing/42', 'chat-landing'],
      ['/?brand=fbQuiz', 'quiz'],
      ['/?brand=fakeChat', 'chat-landing'],
    ] as const) {
      const total = await jsTotal(browser, url, ready);
      console.info(`[funnels] ${url}: ${(total / 1024).toFixed(1)} KB JS gz in total`);
      // 150 KB is the target; 150.5 KB while the merged shell rules of 2026-11-27 (payment returns, fingerprint
      // update, quiz users) are won back (they cost ~0.3 KB beyond it), and 0.5 KB more for the hydration of the
      // server-rendered first screen and its broken-picture check (ADR 0452), which the first paint no longer waits for.
      // 0.7 KB more: the quiz users' watch (ADR 0390, 0.6 KB) now loads with a quiz page instead of at its first
      // navigation (a hand-over that left the document first lost the finished quiz), and the kit's seeding (ADR 0453).
      expect(total, url).toBeLessThanOrEqual(151.7 * 1024);
    }
  });

  test('the funnels remote adds at most 30 KB of JavaScript (gzip) to a quiz page beyond the shell', async ({
    browser,
  }) => {
    const beyond = await jsBeyondShell(browser, '/quiz-fb', 'quiz');
    const total = await jsTotal(browser, '/quiz-fb', 'quiz');
    console.info(
      `[funnels] /quiz-fb: ${(total / 1024).toFixed(1)} KB JS gz in total, ${(beyond / 1024).toFixed(1)} KB beyond the shell`,
    );
    expect(beyond).toBeLessThanOrEqual(30 * 1024);
  });
});
