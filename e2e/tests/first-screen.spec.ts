import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  GOOGLEBOT,
  keepServed,
  openWithoutJavaScript,
  servedHtml as html,
  servedIsOnScreen,
} from '../support/first-screen.ts';
import { REPO_ROOT } from '../support/env.ts';
import { publishLiveCopy, readLiveRegistry, remoteCli } from '../support/registry.ts';
import { attachShot, layouts } from '../support/screenshots.ts';

// ADR 0452: the origin sends a funnel page's first screen as HTML, rendered by the funnels remote's server entry;
// the remote's mount hydrates it. A visitor without JavaScript (or still waiting for it) and a crawler see the first
// question; a broken entry costs only the server render; a deploy or rollback changes the HTML at once.
const FUNNEL_ROUTES = (
  JSON.parse(await readFile(path.join(REPO_ROOT, 'remotes', 'funnels', 'package.json'), 'utf8')) as {
    companion: { routes: string[] };
  }
).companion.routes.filter(
  (route) => !route.includes(':') && !['/affiliates', '/funnel-report'].includes(route),
);

const FIRST_QUESTION = 'Find your perfect AI companion';

/** The first screen's heading in the HTML, or null when the page came without one. */
const firstHeading = (page: string) =>
  /<div id="first-screen"[^>]*>.*?<h1[^>]*>(.*?)<\/h1>/s.exec(page)?.[1] ?? null;

test.describe('the first screen from the server', () => {
  test('should send every quiz and landing its first screen, and a crawler the first question', async ({
    request,
  }) => {
    expect(FUNNEL_ROUTES.length).toBeGreaterThan(25);
    for (const route of FUNNEL_ROUTES) {
      const page = await html(request, route);
      expect(firstHeading(page), route).toBeTruthy();
      expect(page, route).toContain('data-testid="quiz"');
    }
    const crawled = await html(request, '/quiz-fb', GOOGLEBOT);
    expect(crawled).toContain('<meta name="bot"');
    expect(firstHeading(crawled)).toBe(FIRST_QUESTION);
    // fbQuiz's main page is its vip quiz (000 §2.1), rendered for the brand at `/`.
    expect(firstHeading(await html(request, '/?brand=fbQuiz'))).toBe('Your private AI companion');
    // An app page without a server entry for it is the client's, as before (`/pricing` has one since ADR 0455).
    expect(firstHeading(await html(request, '/tokens'))).toBeNull();
  });

  for (const layout of layouts()) {
    test(`should show the first quiz screen without JavaScript, styled, at ${layout.size} width in the ${layout.theme} theme`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: layout.viewport });
      const page = await context.newPage();
      await page.goto(`/quiz-fb${layout.theme === 'light' ? '?isLightTheme=true' : ''}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(FIRST_QUESTION);
      await expect(page.getByRole('button', { name: 'Take the quiz' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-theme', layout.theme);
      // Styled by the stylesheets the page links (the button is the brand's gradient pill, not a grey default).
      const button = page.getByRole('button', { name: 'Take the quiz' });
      expect(await button.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(
        'gradient',
      );
      const hero = page.locator('[data-testid="quiz"] img').first();
      await expect
        .poll(() => hero.evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await attachShot(page, testInfo, `first-screen-no-js-${layout.size}-${layout.theme}`);
      await context.close();
    });
  }

  test('should hydrate every tone and brand of quiz in place, without a mismatch', async ({ page }) => {
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/client-errors')) reports.push(`${request.postData()}`);
    });
    page.on('console', (message) => {
      if (/hydrat/i.test(message.text())) reports.push(message.text());
    });
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as { served?: Element | null }).served = document.querySelector('#first-screen h1');
      }),
    );
    for (const url of ['/quickdate-honey-anime', '/generation-black', '/2901', '/hentai', '/?brand=fbQuiz']) {
      await page.goto(url);
      await expect(page.locator('[data-remote-outlet="funnels"] h1'), url).toBeVisible();
      await expect(page.locator('#first-screen'), url).toHaveCount(0);
      const hydrated = await page.evaluate(
        () =>
          document.querySelector('[data-remote-outlet="funnels"] h1') ===
          (window as { served?: Element | null }).served,
      );
      expect(hydrated, url).toBe(true);
    }
    expect(reports).toEqual([]);
  });

  test('should hydrate the first screen in place, without a mismatch, and go on as the quiz', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) problems.push(message.text());
    });
    page.on('request', (request) => {
      if (request.url().includes('/api/client-errors')) problems.push(`report: ${request.postData()}`);
    });
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as { served?: Element | null }).served = document.querySelector('#first-screen h1');
      }),
    );
    await page.goto('/quiz-fb');
    const outlet = page.locator('[data-remote-outlet="funnels"]');
    await expect(outlet.getByRole('heading', { level: 1 })).toHaveText(FIRST_QUESTION);
    await expect(page.locator('#first-screen')).toHaveCount(0);
    // The very element the server sent is the one on screen: hydrated, not rendered again.
    expect(
      await page.evaluate(
        () =>
          document.querySelector('[data-remote-outlet="funnels"] h1') ===
          (window as { served?: Element | null }).served,
      ),
    ).toBe(true);
    await page.getByRole('button', { name: 'Take the quiz' }).click();
    await expect(page.locator('[data-testid="quiz"]')).not.toHaveAttribute('data-step', 'welcome');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(FIRST_QUESTION);
    expect(problems).toEqual([]);
  });
});

// ADR 0458: the chat landing's first screen, from the characters the origin inlines (the funnel's public list).
test.describe("the chat landing's first screen", () => {
  /** The character's name in a served chat landing, or null. */
  const servedName = (page: string) =>
    /<div id="first-screen".*?<h1 id="chat-landing-name"[^>]*>(.*?)<\/h1>/s.exec(page)?.[1] ?? null;

  test("should name the chat id's character in the HTML, for a visitor, a crawler and fakeChat's home", async ({
    request,
  }) => {
    const listed = (await (await request.get('/api/PersonModel/quiz-net-funnel-person-models')).json()) as {
      firstName: string;
    }[];
    const names = listed.map((model) => model.firstName);
    const served = await html(request, '/chat-landing/42');
    expect(served).toContain('data-pre-landing="chat_funnel_42"');
    expect(names).toContain(servedName(served));
    expect(servedName(await html(request, '/chat-landing/42', GOOGLEBOT))).toBe(servedName(served));
    const fakeChat = await html(request, '/?brand=fakeChat');
    expect(fakeChat).toContain('data-pre-landing="fake_chat"');
    expect(names).toContain(servedName(fakeChat));
  });

  for (const layout of layouts()) {
    test(`should show her, her photo and her first message without JavaScript, at ${layout.size} width in the ${layout.theme} theme`, async ({
      browser,
    }, testInfo) => {
      const { page, inDocument, close } = await openWithoutJavaScript(browser, layout, '/chat-landing/42');
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('New message');
      const photo = page.locator('[data-testid="chat-landing"] img').last();
      await expect
        .poll(() => photo.evaluate((image) => (image as HTMLImageElement).naturalWidth))
        .toBeGreaterThan(0);
      await expect(page.getByText('Hey you 👋')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Show me 😍' })).toBeVisible();
      expect(await inDocument()).toEqual([]);
      await attachShot(page, testInfo, `chat-landing-no-js-${layout.size}-${layout.theme}`);
      await close();
    });
  }

  test('should come alive in place: her messages go on, and a reply opens her chat', async ({ page }) => {
    await keepServed(page, '#chat-landing-name');
    await page.goto('/chat-landing/42');
    const landing = page.locator('[data-remote-outlet="funnels"] [data-testid="chat-landing"]');
    // Her second message comes from the live page's timer.
    await expect(landing.getByText('I was hoping you would come by', { exact: false })).toBeVisible();
    await expect(page.locator('#first-screen')).toHaveCount(0);
    expect(await servedIsOnScreen(page, 'funnels', '#chat-landing-name')).toBe(true);
    await page.getByRole('button', { name: 'Show me 😍' }).click();
    await expect(page).toHaveURL(/\/chat\?modelId=/);
  });
});

test("should give way to the shell's fallback when the remote cannot load in the browser", async ({
  page,
}) => {
  // The remote's scripts fail (the network, a CDN): its first screen cannot come alive, so it must not stay on view.
  await page.route('**/remotes/funnels/**/*.js', (route) => route.abort());
  await page.goto('/quiz-fb');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await expect(page.locator('#first-screen')).toBeHidden();
});

test.describe.serial('the first screen across deploys', () => {
  let live: string;
  test.beforeEach(() => {
    live = readLiveRegistry().remotes['funnels']!.version;
  });
  test.afterEach(async () => {
    await remoteCli('rollback', 'funnels', '--to', live);
  });

  /** Publishes the live funnels build as `version` with its server entry changed by `edit`, and makes it live. */
  const deployWithEntry = (version: string, edit: (entry: string) => string) =>
    publishLiveCopy('funnels', version, async (dir) => {
      const entryFile = path.join(dir, 'server', 'first-screen.mjs');
      await writeFile(entryFile, edit(await readFile(entryFile, 'utf8')));
    });

  test('should change the server-rendered HTML with a deploy and with a rollback, within 5 s', async ({
    request,
  }) => {
    await deployWithEntry(`${live}-e2e-first-screen`, (entry) => {
      expect(entry).toContain(FIRST_QUESTION);
      return entry.replaceAll(FIRST_QUESTION, `${FIRST_QUESTION}, redeployed`);
    });
    await expect
      .poll(async () => firstHeading(await html(request, '/quiz-fb')), { timeout: 5_000 })
      .toBe(`${FIRST_QUESTION}, redeployed`);
    await remoteCli('rollback', 'funnels', '--to', live);
    await expect
      .poll(async () => firstHeading(await html(request, '/quiz-fb')), { timeout: 5_000 })
      .toBe(FIRST_QUESTION);
  });

  test('should still serve the page, rendered by the browser, when the server entry throws', async ({
    page,
    request,
  }) => {
    await deployWithEntry(`${live}-e2e-broken-entry`, (entry) =>
      entry.replace(
        /export \{[^}]*\};?\s*$/,
        'export async function renderFirstScreen() { throw new Error("broken on purpose"); }\n',
      ),
    );
    const served = await html(request, '/quiz-fb');
    expect(served).toContain(`"version":"${live}-e2e-broken-entry"`);
    expect(firstHeading(served)).toBeNull();
    expect(served).not.toContain('id="first-screen"');
    await page.goto('/quiz-fb');
    await expect(
      page.locator('[data-remote-outlet="funnels"]').getByRole('heading', { level: 1 }),
    ).toHaveText(FIRST_QUESTION);
    await page.getByRole('button', { name: 'Take the quiz' }).click();
    await expect(page.locator('[data-testid="quiz"]')).not.toHaveAttribute('data-step', 'welcome');
  });
});
