import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { fillCard } from '../support/payments.ts';
import { shoot } from '../support/screenshots.ts';
import { preRegisterVisitor, storedAccessToken } from '../support/sign-in.ts';

// Money rules checked when the money arrives (ADRs 0300, 0301), walked as a buyer would: two tabs of the same
// plan paid one after the other, the hosted card page under its CSP, offers bought again, return URLs that
// lead elsewhere.

/**
 * Opens /pricing, keeps the Year plan and goes to its hosted page (the visitor's `paymentForm` flag rolled back to
 * 'hosted', ADR 0410: the card form is the default); the page's CSP violations are collected.
 */
async function openYearPage(page: Page, violations: string[]) {
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
  // The plans come with the page (ADR 0455); the action shows once the visitor's session (and provider) is known.
  await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
  const flags = await page.request.post('/api/Authenticate/update-feature-flags', {
    headers: { Authorization: `Bearer ${await storedAccessToken(page)}` },
    data: { paymentForm: 'hosted' },
  });
  expect(flags.ok(), await flags.text()).toBe(true);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/api\/sandbox\/pay\//);
}

/** A new anonymous visitor's access token. */
async function visitor(request: APIRequestContext): Promise<string> {
  return (await preRegisterVisitor(request, 'e2e-money')).accessToken;
}

test.describe('money rules', () => {
  test('two open tabs of the same plan: the first is paid, the second is refunded and says so', async ({
    context,
  }, testInfo) => {
    // Two hosted payments, their result screens and screenshots in both themes, in one walk.
    test.setTimeout(180_000);
    const violations: string[] = [];
    const first = await context.newPage();
    await openYearPage(first, violations);
    // The card page is styled under its CSP: the stylesheet's hash is allowed, nothing else is.
    const csp = (await first.request.get(first.url(), { headers: { accept: 'text/html' } })).headers()[
      'content-security-policy'
    ];
    expect(csp).toContain("default-src 'none'");
    await expect(first.getByRole('button', { name: /^Pay \$/ })).toHaveCSS(
      'background-color',
      'rgb(198, 107, 255)',
    );
    const second = await context.newPage();
    await openYearPage(second, violations);

    await fillCard(first, '4067429974719265');
    await first.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.has('orderId'));
    await expect(first.getByTestId('payment-success')).toBeVisible();

    await fillCard(second, '4067429974719265');
    await second.waitForURL((url) => url.pathname === '/pricing' && url.searchParams.has('orderId'));
    const refused = second.getByTestId('payment-fail');
    await expect(refused).toBeVisible();
    await expect(refused).toHaveAttribute('data-code', 'already_subscribed');
    await expect(second.getByRole('dialog')).toHaveAccessibleName(/Payment refunded/);
    await expect(refused).toContainText(
      'You already have this plan or a longer one, so this payment was returned to your card.',
    );
    await shoot(second, testInfo, 'second-plan-refunded');

    const token = await storedAccessToken(second);
    const secondOrder = new URL(second.url()).searchParams.get('orderId');
    const status = await second.request.get(`/api/payments/check-order-status?orderId=${secondOrder}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await status.json()).toMatchObject({ status: 'refunded', errorCode: 'already_subscribed' });
    const subscription = await second.request.get('/api/Payments/user-active-subscription', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(subscription.ok()).toBe(true);
    expect(violations).toEqual([]);
  });

  test('the welcome pack is sold once, to a new user only', async ({ request }) => {
    const token = await visitor(request);
    const buy = (productId: string) =>
      request.post('/api/Payments/create-payment-intent', {
        headers: { authorization: `Bearer ${token}` },
        data: { productId, successUrl: '/tokens', failUrl: '/tokens' },
      });
    const first = await buy('tokens-welcome-90');
    expect(first.ok()).toBe(true);
    const { paymentUrl } = (await first.json()) as { paymentUrl: string };
    const paid = await request.post(paymentUrl, {
      form: {
        cardNumber: '4067429974719265',
        cardExpiryDate: '12/34',
        cardCvv: '123',
        cardHolder: 'E2E Buyer',
      },
      maxRedirects: 0,
    });
    expect(paid.status()).toBe(303);
    await expect.poll(async () => (await buy('tokens-welcome-90')).status(), { timeout: 15_000 }).toBe(409);
    for (const productId of ['tokens-welcome', 'tokens-welcome-70', 'tokens-welcome-90']) {
      const again = await buy(productId);
      expect(again.status()).toBe(409);
      expect(((await again.json()) as { error: { code: string; field: string } }).error).toMatchObject({
        code: 'offer_used',
        field: 'productId',
      });
    }
  });

  test('a return URL that leads to another host is refused by name, through the origin', async ({
    request,
  }) => {
    const token = await visitor(request);
    for (const successUrl of ['/\t/evil.example/x', '/\n/x', '/\\evil.example']) {
      const res = await request.post('/api/Payments/create-payment-intent', {
        headers: { authorization: `Bearer ${token}` },
        data: { productId: 'tokens-350', successUrl, failUrl: '/tokens' },
      });
      expect(res.status()).toBe(400);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe('successUrl');
    }
  });
});
