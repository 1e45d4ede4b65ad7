import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { fillCard, SUCCESS_CARD } from '../support/payments.ts';
import { answerQuiz } from '../support/quiz.ts';
import { attachShot, layouts, openInLayout } from '../support/screenshots.ts';
import { signInRegistered } from '../support/sign-in.ts';

// Tracking against the real stack. The e2e stack configures every ad network's pixel (support/stack.ts);
// the networks' scripts are intercepted here and replaced by recorders, so the test sees exactly which pixels
// loaded and every call they received. Quiz events are published as analytics facts from the page (the funnels
// remote that publishes them is being built beside this), the paywall and the purchase are the real checkout's.

const PIXEL_HOSTS = {
  facebook: 'https://connect.facebook.net/**',
  tiktok: 'https://analytics.tiktok.com/**',
  snapchat: 'https://sc-static.net/**',
  twitter: 'https://static.ads-twitter.com/**',
} as const;

/** What the networks' real scripts would do with their queues, recorded instead of sent. */
const RECORDERS: Record<keyof typeof PIXEL_HOSTS, string> = {
  facebook: `(function(){var f=window.fbq;window.__pixel=window.__pixel||[];f.callMethod=function(){window.__pixel.push({network:'facebook',args:[].slice.call(arguments),at:Date.now()})};f.queue.splice(0).forEach(function(a){f.callMethod.apply(f,a)})})();`,
  tiktok: `window.__pixel=(window.__pixel||[]).concat([{network:'tiktok',args:['loaded'],at:Date.now()}]);`,
  snapchat: `window.__pixel=(window.__pixel||[]).concat([{network:'snapchat',args:['loaded'],at:Date.now()}]);`,
  twitter: `window.__pixel=(window.__pixel||[]).concat([{network:'twitter',args:['loaded'],at:Date.now()}]);`,
};

interface PixelCall {
  network: string;
  args: unknown[];
  at: number;
}

declare global {
  interface Window {
    __pixel?: PixelCall[];
    __paidAt?: number;
  }
}

/** Intercepts the four networks' scripts; returns the networks whose script the page asked for. */
async function interceptPixels(page: Page): Promise<string[]> {
  const requested: string[] = [];
  for (const [network, pattern] of Object.entries(PIXEL_HOSTS) as [keyof typeof PIXEL_HOSTS, string][]) {
    await page.route(pattern, (route) => {
      requested.push(network);
      return route.fulfill({ contentType: 'application/javascript', body: RECORDERS[network] });
    });
  }
  // The e2e hooks expose the shell's bus; the moment a payment succeeds is noted as soon as the shell starts.
  await page.addInitScript(() => {
    sessionStorage.setItem('companion:test-hooks', '1');
    let shell: { bus: { subscribe(name: string, listener: () => void): unknown } } | undefined;
    Object.defineProperty(window, '__companionShell', {
      configurable: true,
      get: () => shell,
      set: (value: typeof shell) => {
        shell = value;
        value?.bus.subscribe('payment:succeeded', () => {
          window.__paidAt = Date.now();
        });
      },
    });
  });
  return requested;
}

const pixelCalls = (page: Page) => page.evaluate(() => window.__pixel ?? []);
const tracked = async (page: Page, name: string) =>
  (await pixelCalls(page)).filter((call) => call.args[0] === 'track' && call.args[1] === name);

/** The report's range as the page defaults to it: the last seven days, today included (UTC). */
function defaultRange() {
  const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(6), to: day(0) };
}

interface Row {
  variant: string;
  utmSource: string;
  visitors: number;
  quizCompleted: number;
  paywallShown: number;
  purchased: number;
}

async function reportRow(request: APIRequestContext, token: string): Promise<Row> {
  const { from, to } = defaultRange();
  const response = await request.get(`/api/Report/funnel?from=${from}&to=${to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const rows = ((await response.json()) as { rows: Row[] }).rows;
  return (
    rows.find((row) => row.variant === 'quiz-fb' && row.utmSource === 'facebook') ?? {
      variant: 'quiz-fb',
      utmSource: 'facebook',
      visitors: 0,
      quizCompleted: 0,
      paywallShown: 0,
      purchased: 0,
    }
  );
}

/** A registered admin (through the e2e fixture) signed in on `page`; returns the access token. */
async function signInAdmin(page: Page, request: APIRequestContext): Promise<string> {
  const { accessToken } = await signInRegistered(page, request, 'tracking-admin');
  const granted = await request.post('/api/testing/user-admin', {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(granted.ok()).toBe(true);
  return accessToken;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('tracking', () => {
  test('a fbclid visit loads only the facebook pixel, and a purchase is reported once, 2 s after it, counted by the funnel report', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const adminPage = await newPage(browser);
    const adminToken = await signInAdmin(adminPage, request);
    const before = await reportRow(request, adminToken);

    const requested = await interceptPixels(page);
    const fetches: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/Event/get-event-tracking-transactions')) fetches.push(r.url());
    });
    const attribution = page.waitForResponse(
      (r) => r.url().endsWith('/api/Event/set-attribution') && r.request().method() === 'POST',
    );
    await page.goto(`/quiz-fb?fbclid=E2E-FB-${Date.now()}`);
    expect((await attribution).status()).toBe(200);

    // Only facebook: its four configured ids initialised with the placeholder zip, then a page view.
    await expect
      .poll(async () => (await pixelCalls(page)).map((c) => c.args.slice(0, 2)))
      .toEqual([
        ['init', 'e2e-fb-1'],
        ['init', 'e2e-fb-2'],
        ['init', 'e2e-fb-3'],
        ['init', 'e2e-fb-4'],
        ['track', 'PageView'],
      ]);
    expect((await pixelCalls(page))[0]!.args[2]).toEqual({ zp: '00000' });
    expect(requested).toEqual(['facebook']);
    expect(await page.evaluate(() => ['ttq', 'snaptr', 'twq'].filter((name) => name in window))).toEqual([]);

    // The funnel: the visitor walks the quiz (the funnels remote publishes its start and completion) and claims
    // the discount, which opens checkout's 776 px paywall.
    await answerQuiz(page, ['realistic', 'latina', 'sweet', 'girlfriend'], 'Sofia');
    await page.getByRole('button', { name: 'Claim my discount' }).click();
    const paywall = page.getByTestId('paywall');
    await expect(paywall).toBeVisible();
    await expect(paywall.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('dialog').getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD, { name: 'E2E Tracking' });
    await page.waitForURL((url) => url.searchParams.has('orderId'));
    await expect(page.getByTestId('payment-success')).toBeVisible();

    // Back from the provider the facebook pixel is loaded again (the visit's networks are remembered) and the
    // purchase goes out once, at least 2 s after the payment succeeded, after fetching the click id.
    await expect.poll(async () => (await tracked(page, 'Purchase')).length, { timeout: 20_000 }).toBe(1);
    const [purchase] = await tracked(page, 'Purchase');
    const paidAt = await page.evaluate(() => window.__paidAt ?? null);
    expect(paidAt).not.toBeNull();
    expect(purchase!.at - paidAt!).toBeGreaterThanOrEqual(2000);
    expect(purchase!.args[2]).toMatchObject({
      value: 119.99,
      currency: 'USD',
      content_ids: ['sub-12m'],
      content_name: 'Year',
      contents: [{ id: 'sub-12m', quantity: 1 }],
    });
    expect(purchase!.args[3]).toEqual({ eventID: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(fetches.filter((url) => url.endsWith('type=facebook'))).toHaveLength(1);
    expect(await tracked(page, 'Subscribe')).toHaveLength(1);
    await page.waitForTimeout(3000);
    expect(await tracked(page, 'Purchase')).toHaveLength(1);
    expect(requested.filter((network) => network !== 'facebook')).toEqual([]);

    // The funnel report counts the visit at every stage.
    const after = await reportRow(request, adminToken);
    expect(after).toEqual({
      ...before,
      visitors: before.visitors + 1,
      quizCompleted: before.quizCompleted + 1,
      paywallShown: before.paywallShown + 1,
      purchased: before.purchased + 1,
    });
    await adminPage.goto('/funnel-report');
    const row = adminPage.getByTestId('row-quiz-fb-facebook');
    await expect(row.locator('[data-stage="visitors"]')).toHaveText(String(after.visitors));
    await expect(row.locator('[data-stage="purchased"]')).toContainText(String(after.purchased));
    await expect(adminPage.getByTestId('funnel-chart')).toBeVisible();
    await adminPage.context().close();
  });

  test('the funnel report is for admins only', async ({ page }) => {
    await page.goto('/funnel-report');
    await expect(page.getByRole('heading', { level: 1, name: 'Funnel report' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('This report is for admins only.');
  });

  test('a visit from no ad network loads no pixel', async ({ page }) => {
    const requested = await interceptPixels(page);
    const chunks: string[] = [];
    page.on('request', (request) => {
      const file = new URL(request.url()).pathname.match(/^\/assets\/(tracking|ad-pixels)\./)?.[1];
      if (file) chunks.push(file);
    });
    await page.goto('/pricing?utm_source=google');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await page.waitForLoadState('load');
    await page.waitForTimeout(1500);
    expect(requested).toEqual([]);
    // Analytics run on every page; the pixel code is not even downloaded (ADR 0275).
    expect(chunks).toEqual(['tracking']);
    expect(
      await page.evaluate(() => ['fbq', 'ttq', 'snaptr', 'twq'].filter((name) => name in window)),
    ).toEqual([]);
  });

  for (const layout of layouts()) {
    const { size, viewport, theme } = layout;
    test(`the funnel report at ${size} width in the ${theme} theme`, async ({ page, request }, testInfo) => {
      await openInLayout(page, layout);
      await signInAdmin(page, request);
      await page.goto('/funnel-report');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByTestId('funnel-chart')).toBeVisible();
      // Away from the desktop rail, which opens over the page on hover.
      await page.mouse.move(viewport.width - 10, viewport.height - 10);
      await attachShot(page, testInfo, `funnel-report-${size}-${theme}`, { fullPage: true });
    });
  }
});
