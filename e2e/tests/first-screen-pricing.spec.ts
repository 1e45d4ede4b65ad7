import { expect, type APIRequestContext } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  GOOGLEBOT,
  expectChromeNavigation,
  firstScreen,
  keepServed,
  openWithoutJavaScript,
  servedHtml,
  servedIsOnScreen,
} from '../support/first-screen.ts';
import { expectBackOn, fillCard, SUCCESS_CARD } from '../support/payments.ts';
import { attachShot, layouts } from '../support/screenshots.ts';

// ADR 0455: `/pricing` comes from the server inside the shell's chrome frame, with the plans of the visitor's region
// (a public call, priced by the CDN's country header); checkout hydrates it in place and the visitor buys from it.

/** The plans the API lists to a caller without a token (from `country`, when given). */
async function plans(request: APIRequestContext, country?: string) {
  const response = await request.get('/api/Payments/subscription-products', {
    headers: country ? { 'cf-ipcountry': country } : {},
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: string; title: string }[]).map((plan) => plan.id);
}

/** The plans on a served first screen, in order. */
const servedPlans = (markup: string) =>
  [...markup.matchAll(/data-testid="plan-([^"]+)"/g)].map((match) => match[1]);

/** `/pricing` as the origin sends it, from `country`. */
async function pricingHtml(request: APIRequestContext, url: string, country?: string, userAgent?: string) {
  const response = await request.get(url, {
    headers: {
      accept: 'text/html',
      ...(country ? { 'cf-ipcountry': country } : {}),
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
  });
  expect(response.ok()).toBe(true);
  return response.text();
}

test.describe('/pricing from the server', () => {
  test("should list the region's plans in the HTML of /pricing, inside the chrome, for a visitor and a crawler", async ({
    request,
  }) => {
    const everywhere = await plans(request);
    expect(everywhere.length).toBeGreaterThan(1);
    for (const userAgent of [undefined, GOOGLEBOT]) {
      const screen = firstScreen(await pricingHtml(request, '/pricing', undefined, userAgent));
      expect(screen).not.toBeNull();
      expect(screen).toContain('>Pricing</h1>');
      expect(servedPlans(screen!)).toEqual(everywhere);
      // The chrome around it, as on explore; no second copy of the shell's ids.
      expect(screen).toContain('aria-label="Top"');
      expect(screen).not.toMatch(/ id="(main|shell-sidebar)"|data-testid="shell-/);
    }
    // A Canadian visitor's page holds the Canadian prices, as the API lists them for that country.
    const canada = await plans(request, 'CA');
    expect(canada).not.toEqual(everywhere);
    expect(servedPlans(firstScreen(await pricingHtml(request, '/pricing', 'CA'))!)).toEqual(canada);
    // A provider's return (the modal reads this browser's payment), the admin page and the token shop: the client's.
    expect(
      firstScreen(await servedHtml(request, '/pricing?orderId=o-1&purchaseType=subscription')),
    ).toBeNull();
    expect(firstScreen(await servedHtml(request, '/magic-page-pricing'))).toBeNull();
    expect(firstScreen(await servedHtml(request, '/tokens'))).toBeNull();
  });

  for (const layout of layouts()) {
    test(`should show the plans without JavaScript at ${layout.size} width in the ${layout.theme} theme`, async ({
      browser,
    }, testInfo) => {
      const { page, inDocument, close } = await openWithoutJavaScript(browser, layout, '/pricing');
      await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
      const group = page.getByRole('radiogroup', { name: 'Subscription plans' });
      await expect(group.getByRole('radio')).toHaveCount((await plans(page.request)).length);
      // The spec's default choice (the year) and its legal text; the action waits for the provider (001 §2).
      await expect(page.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
      await expect(page.getByTestId('checkout-provider-pending')).toBeVisible();
      await expect(page.getByText(/\$119\.99 for the first year/)).toBeVisible();
      await expectChromeNavigation(page, layout);
      expect(await inDocument()).toEqual([]);
      await attachShot(page, testInfo, `pricing-first-screen-no-js-${layout.size}-${layout.theme}`);
      await close();
    });
  }

  test('should hydrate the plans in place from the inlined list, then let the visitor buy a month from them', async ({
    page,
  }) => {
    // Before the visitor's session, the plans are the page's own: no request for them without a token.
    const anonymousFetches: string[] = [];
    page.on('request', (request) => {
      if (
        request.url().includes('/api/Payments/subscription-products') &&
        !request.headers()['authorization']
      )
        anonymousFetches.push(request.url());
    });
    await keepServed(page, '[data-testid="plan-sub-1m"]');
    await page.goto('/pricing');
    // The served card itself is picked: the click waits for the live one (ADR 0455), which is the same element.
    await page.getByTestId('plan-sub-1m').click();
    await expect(page.getByTestId('plan-sub-1m')).toHaveAttribute('aria-checked', 'true');
    expect(await servedIsOnScreen(page, 'checkout', '[data-testid="plan-sub-1m"]')).toBe(true);
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.getByTestId('shell-header')).toHaveCount(1);
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD);
    await expectBackOn(page, '/pricing');
    await expect(page.getByTestId('payment-success')).toBeVisible();
    expect(anonymousFetches).toEqual([]);
  });
});
