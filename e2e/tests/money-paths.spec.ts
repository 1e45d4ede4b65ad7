import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  busEvents,
  buyPackAndProceed,
  cardFields,
  expectBackOn,
  fillCard,
  payYearOnPricing,
  proceedFromSuccess,
  recordBus,
  SUCCESS_CARD,
  tokenBalance as balance,
} from '../support/payments.ts';
import { shoot } from '../support/screenshots.ts';
import { confirmNsfw, signInRegistered } from '../support/sign-in.ts';

// Money paths of 001 as buyers walk them through the sandbox provider (README "Payments"): promised tokens,
// offers for every subscriber, one success/failure pipeline for every purchase button.

const DECLINE_304 = '4000000000003048';

type Account = { headers: Record<string, string> };

async function signIn(page: Page, request: APIRequestContext): Promise<Account> {
  const { accessToken } = await signInRegistered(page, request, 'money');
  const headers = { authorization: `Bearer ${accessToken}` };
  await confirmNsfw(request, headers);
  return { headers };
}

test('the 20 tokens a 3.04 decline promised arrive with the next paid pack, once, and the success screen says so', async ({
  page,
  request,
}, testInfo) => {
  const account = await signIn(page, request);
  await page.goto('/tokens');
  await page.getByTestId('pack-tokens-550').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  // 001 §4: the failure is reported with the backend's answer as extra data (listened for before paying: the
  // report can leave before the page is back).
  const reported = page.waitForRequest(
    (req) =>
      req.url().endsWith('/api/client-errors') && (req.postData() ?? '').includes('payment failed: 3.04'),
  );
  await fillCard(page, DECLINE_304);
  await expectBackOn(page, '/tokens');
  const fail = page.getByTestId('payment-fail');
  await expect(fail).toHaveAttribute('data-code', '3.04');
  // 001 §2: the title and the free tokens follow the code, the description is the generic default.
  await expect(fail).toContainText('We could not complete your payment. Your account has not been debited.');
  await expect(fail.getByTestId('free-tokens')).toContainText(
    'For such inconvenience we offer you 20 additional tokens',
  );
  expect(await balance(request, account)).toBe(0);
  const report = (await reported).postDataJSON() as { remote: string; message: string };
  expect(report.remote).toBe('checkout');
  expect(report.message).toContain('"errorCode":"3.04"');

  await fail.getByRole('button', { name: 'Try Another Card' }).click();
  await fillCard(page, SUCCESS_CARD);
  await expectBackOn(page, '/tokens');
  const success = page.getByTestId('payment-success');
  await expect(success).toContainText('550 tokens');
  await expect(success.getByTestId('compensation-tokens')).toContainText('+20 tokens');
  await shoot(page, testInfo, 'success-with-compensation');
  // 550 + the pack's 50 bonus + the 20 promised.
  expect(await balance(request, account)).toBe(620);
  await success.getByRole('button', { name: /^Proceed/ }).click();

  // The promise is kept once: the next pack brings only itself.
  await page.goto('/tokens');
  await page.getByTestId('pack-tokens-550').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, SUCCESS_CARD);
  await expectBackOn(page, '/tokens');
  await expect(page.getByTestId('payment-success')).toContainText('550 tokens');
  await expect(page.getByTestId('compensation-tokens')).toHaveCount(0);
  expect(await balance(request, account)).toBe(1220);
});

test('a year bought on the hosted page leads to the lifetime offer; /pricing then offers lifetime, and a lifetime holder is pointed to tokens', async ({
  page,
}, testInfo) => {
  await payYearOnPricing(page, SUCCESS_CARD);
  await proceedFromSuccess(page);

  // 001 §4: a user on 12 months goes to lifetime after success (here after the hosted page, not a one-click).
  const offer = page.getByTestId('upgrade-lifetime');
  await expect(offer).toContainText('Pay Once – Use Forever');
  await expect(offer.getByRole('button', { name: 'Claim Lifetime Access' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // Declining lifetime asks first (the 'lifetime' confirmation, 001 §2).
  await page.getByTestId('offer-confirmation').getByRole('button', { name: 'Yes, lose access' }).click();
  await expect(offer).toHaveCount(0);

  // 001 §4 "the initial step is lifetime for annual users": /pricing is no dead end.
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Endless Honeyed Bliss' })).toBeVisible();
  await expect(page.getByTestId('plan-sub-12m')).toContainText('Current Plan');
  const lifetime = page.getByTestId('plan-sub-lifetime');
  await expect(lifetime).toHaveAttribute('aria-checked', 'true');
  await shoot(page, testInfo, 'pricing-annual');
  await page.getByRole('button', { name: 'Get Cheaper Plan' }).click();
  await fillCard(page, SUCCESS_CARD);
  await expectBackOn(page, '/pricing');
  const success = page.getByTestId('payment-success');
  await expect(success).toContainText('Premium Access');
  await expect(success).toContainText('$199.99');
  await success.getByRole('button', { name: /^Proceed/ }).click();

  // 001 §6: a lifetime subscriber sees the lifetime offer (as their plan) and something useful to do.
  await expect(page.getByTestId('plan-sub-lifetime')).toContainText('Current Plan');
  const held = page.getByTestId('plans-all-held');
  await expect(held).toContainText('You hold our longest plan');
  await shoot(page, testInfo, 'pricing-lifetime');
  await held.getByRole('button', { name: 'Buy Tokens' }).click();
  const paywall = page.getByTestId('paywall');
  await expect(paywall).toHaveAttribute('data-paywall-type', 'tokens');
  await expect(paywall.getByRole('button', { name: 'Continue' })).toBeEnabled();
});

test('a one-click upsell goes through the one purchase pipeline: payment:succeeded, purchase with product_id, the duration metric', async ({
  page,
  request,
}) => {
  await recordBus(page, ['payment:succeeded', 'analytics:event-tracked']);
  const metrics: { url: string; body: Record<string, unknown> }[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/Prometheus/'))
      metrics.push({ url: req.url(), body: (req.postDataJSON() ?? {}) as Record<string, unknown> });
  });
  const account = await signIn(page, request);
  await buyPackAndProceed(page, 'tokens-350');
  const upsell = page.getByTestId('tokens-upsell');
  const oneClick = page.waitForRequest('**/api/Payments/one-click');
  await upsell.getByTestId('one-click-consent').check();
  await upsell.getByTestId('offer-buy').click();
  await expect(upsell.getByTestId('offer-paid')).toHaveText('Payment Completed');
  await expect.poll(() => balance(request, account)).toBe(350 + 700);
  // 001 §7: one-click has the intents' shape.
  expect((await oneClick).postDataJSON()).toMatchObject({
    productId: 'tokens-700-upsell',
    successUrl: '/tokens',
    failUrl: '/tokens',
    sourcePath: '/tokens',
    customerPlatform: 'web',
    userAgent: expect.stringContaining('Mozilla'),
    trafficSource: null,
    fingerprint: null,
    isNConfirmed: expect.any(Boolean),
    isSConfirmed: expect.any(Boolean),
    isDownsellPayment: false,
    downsellType: null,
    consent: true,
  });

  // The pixels' fact, once, for the one-click order.
  await expect
    .poll(async () =>
      (await busEvents(page))
        .filter((e) => e.name === 'payment:succeeded')
        .map((e) => (e.payload['product'] as { id: string }).id),
    )
    .toContain('tokens-700-upsell');
  // 'purchase' carries the product id (001 §7); it is debounced by 1000 ms.
  await expect
    .poll(async () =>
      (await busEvents(page)).some(
        (e) =>
          e.name === 'analytics:event-tracked' &&
          e.payload['name'] === 'purchase' &&
          (e.payload['properties'] as Record<string, unknown>)['product_id'] === 'tokens-700-upsell',
      ),
    )
    .toBe(true);
  // front_payment_duration started and stopped with 'success' under one id for the one-click charge.
  // The hosted pack's timer is stopped by its return page with `stop-by-id` (its page was left, ADR 0430).
  const stops = metrics.filter(
    (m) =>
      (m.url.endsWith('/Prometheus/stop') || m.url.endsWith('/Prometheus/stop-by-id')) &&
      m.body['resultLabel'] === 'success',
  );
  const starts = new Set(metrics.filter((m) => m.url.endsWith('/Prometheus/start')).map((m) => m.body['id']));
  expect(stops.filter((stop) => starts.has(stop.body['id']))).toHaveLength(2);
});

test('a downsell bought with a card (no one click) is recorded as that downsell, and its modal events carry the product', async ({
  page,
  request,
}) => {
  await recordBus(page, ['analytics:event-tracked']);
  const account = await signIn(page, request);
  await buyPackAndProceed(page, 'tokens-550');
  const upsell = page.getByTestId('tokens-upsell');
  await upsell.getByTestId('offer-decline').click();
  const confirm = page.getByTestId('offer-confirmation');
  await confirm.getByRole('button', { name: 'Yes, lose access' }).click();
  const downsell = page.getByTestId('tokens-downsell');
  await expect(downsell).toContainText("You're Lucky Today");
  await expect(downsell.getByTestId('offer-product')).toHaveAttribute(
    'data-product-id',
    'tokens-350-downsell',
  );
  // The modals' events, before the page leaves for the provider.
  await expect
    .poll(async () =>
      (await busEvents(page)).some((e) => e.payload['name'] === 'tokens_downsell_modal_shown'),
    )
    .toBe(true);
  const events = (await busEvents(page))
    .map((e) => e.payload as { name: string; properties: Record<string, unknown> })
    .filter((e) => /^tokens_(upsell|downsell)_modal_/.test(e.name));
  expect(events.length).toBeGreaterThan(0);
  for (const event of events) expect(event.properties['product_id'], event.name).toEqual(expect.any(String));
  const start = page.waitForRequest('**/api/Payments/checkout/start');
  // No consent ticked: a card checkout (the form in the payment modal), not the saved card.
  await downsell.getByTestId('offer-buy').click();
  expect((await start).postDataJSON()).toMatchObject({
    productId: 'tokens-350-downsell',
    isPurchaseTokens: true,
    isDownsellPayment: true,
    downsellType: 'token_downsell',
  });
  await fillCard(page, SUCCESS_CARD);
  await expectBackOn(page, '/tokens');
  await expect(page.getByTestId('payment-success')).toContainText("You're Lucky Today");
  await expect.poll(() => balance(request, account)).toBe(600 + 350);
});

test('a checkout start that gives no link shows the fail screen, whose retry starts the same plan again', async ({
  page,
}) => {
  await page.route('**/api/Payments/checkout/start', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ orderId: 'none', paymentSystem: 'solidgate', data: { link: { href: null } } }),
    }),
  );
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  const fail = page.getByTestId('payment-fail');
  await expect(page.getByRole('dialog')).toHaveAccessibleName('Payment declined');
  await expect(fail).toContainText('$119.99');
  await page.unroute('**/api/Payments/checkout/start');
  await fail.getByRole('button', { name: 'Try Again' }).click();
  // The same plan again, in the card form of the payment modal (ADR 0410).
  expect((await cardFields(page)).place).toBe('embedded');
  await expect(page.getByRole('dialog', { name: 'Pay with card' })).toContainText('Year');
});

test("copy as 001 writes it: labels and badges not upper-cased, the brand logos, the declined popup's Monthly", async ({
  page,
}, testInfo) => {
  await page.goto('/pricing');
  const year = page.getByTestId('plan-sub-12m');
  await expect(year).toContainText('Most Popular');
  // innerText is what a reader sees (CSS text-transform applies to it).
  expect(await year.getByText('Most Popular').innerText()).toBe('Most Popular');
  const methods = page.getByRole('list', { name: 'Accepted payment methods' });
  for (const brand of ['Visa', 'Mastercard', 'American Express', 'Discover', 'Apple Pay', 'Google Pay'])
    await expect(methods.getByRole('img', { name: brand })).toBeVisible();
  await shoot(page, testInfo, 'pricing-copy');

  await payYearOnPricing(page, '4000000000003022');
  const popup = page.getByTestId('declined-popup');
  expect(await popup.getByText('Only for YOU').innerText()).toBe('Only for YOU');
  await expect(popup.getByTestId('declined-plan-sub-1m')).toContainText('Monthly');
  await expect(popup.getByRole('img', { name: 'Visa' })).toBeVisible();
});

test('an annual subscriber opens the upgrade chain from settings at its first step, lifetime, and claims it with one click', async ({
  page,
  request,
}) => {
  const account = await signIn(page, request);
  await payYearOnPricing(page, SUCCESS_CARD);
  await expect(page.getByTestId('payment-success')).toBeVisible();

  await page.goto('/settings');
  const panel = page.getByTestId('subscription-panel');
  await panel.getByRole('button', { name: 'Get Lifetime Access' }).click();
  // 001 §4 "The initial step is lifetime for annual users".
  const lifetime = page.getByTestId('upgrade-lifetime');
  await expect(lifetime).toContainText('Pay Once – Use Forever');
  await lifetime.getByTestId('one-click-consent').check();
  await lifetime.getByRole('button', { name: 'Claim Lifetime Access' }).click();
  await expect(lifetime).toHaveCount(0);
  const live = await request.get('/api/Payments/user-active-subscription', { headers: account.headers });
  expect(await live.json()).toMatchObject({ periodType: 'year', periodValue: 100 });
});
