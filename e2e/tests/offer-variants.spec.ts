import { expect as baseExpect, type APIRequestContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  busEvents,
  cardFields,
  expectBackOn,
  fillCard,
  payMonthlyPlan,
  payYearOnPricing,
  proceedFromSuccess,
  recordBus,
  SUCCESS_CARD,
} from '../support/payments.ts';
import { shoot } from '../support/screenshots.ts';
import { confirmNsfw, signInRegistered } from '../support/sign-in.ts';

// 001 rules that lived only in unit tests, walked as buyers reach them through the sandbox (ADR 0430): single-option
// mode and the weekly-plan switch, the mystery box's base and offer variants, the 'mystery' and 'lifetime'
// confirmations, the yuno badge rule, SuttonBank for token payments only, and the checkout's spec calls
// (pre-paywall propeller event, stop-by-id on the return page).

const SUTTON_BANK = '4000000000009003';

// The machine these run on is shared and slow: a product list may take longer than the default 15 s to answer.
const expect = baseExpect.configure({ timeout: 45_000 });

/** /pricing with its plans listed (a warm page for the helpers, whose waits are the default 15 s). */
async function pricingReady(page: Page) {
  await page.goto('/pricing');
  await expect(
    page.getByRole('radiogroup', { name: 'Subscription plans' }).getByRole('radio').first(),
  ).toBeVisible();
}

type Account = { headers: Record<string, string> };

test.describe.configure({ timeout: 240_000 });

async function signIn(page: Page, request: APIRequestContext): Promise<Account> {
  const { accessToken } = await signInRegistered(page, request, 'variants');
  const headers = { authorization: `Bearer ${accessToken}` };
  await confirmNsfw(request, headers);
  return { headers };
}

/** Pays the 1-month plan on /pricing with the success card and proceeds from 'Payment Completed'. */
async function becomeMonthly(page: Page) {
  await pricingReady(page);
  await payMonthlyPlan(page, SUCCESS_CARD);
  await proceedFromSuccess(page);
  await expect(page.getByTestId('payment-success')).toHaveCount(0);
}

/**
 * Asks for a paywall as a remote does, through the shell's bus (the e2e hooks expose it, see `recordBus`), until it
 * shows: an intent published before the shell's handler is attached is not replayed.
 */
async function openPaywall(page: Page, request: Record<string, unknown>) {
  await page.waitForFunction(
    () => (window as unknown as { __companionShell?: unknown }).__companionShell !== undefined,
  );
  await expect(async () => {
    await page.evaluate((payload) => {
      const shell = (
        window as unknown as {
          __companionShell: { bus: { as(p: string): { publish(n: string, p: unknown): void } } };
        }
      ).__companionShell;
      shell.bus.as('chat').publish('paywall:open-requested', payload);
    }, request);
    await expect(page.getByTestId('paywall')).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 60_000 });
}

/** The welcome pack has already run in this tab (its once-per-tab mark), so the tokens paywall is the packs. */
async function welcomeAlreadyShown(page: Page) {
  await page.addInitScript(() => sessionStorage.setItem('checkout:welcome-pack-shown', 'true'));
}

test('a monthly subscriber is offered the single option, 3 months; switched into the weekly-plan experiment, 3 months and Year with Year chosen', async ({
  page,
  request,
}, testInfo) => {
  const account = await signIn(page, request);
  await becomeMonthly(page);

  await page.goto('/settings');
  await page.getByTestId('subscription-panel').getByRole('button', { name: 'See upgrade offers' }).click();
  const upgrade = page.getByTestId('upgrade-upgrade');
  await expect(upgrade).toContainText('Switch to a cheaper plan');
  // 001 §5: plans longer than monthly and shorter than annual — one option, preselected.
  await expect(upgrade.getByTestId('offer-product')).toHaveAttribute('data-product-id', 'sub-3m');
  await expect(upgrade.getByTestId('upgrade-plan-sub-12m')).toHaveCount(0);
  await shoot(page, testInfo, 'upgrade-single-option');

  // The experiment's switch: a link to the settings page with the flag (POST Authenticate/update-feature-flags).
  const switched = page.waitForResponse(
    (res) =>
      res.url().endsWith('/api/Authenticate/update-feature-flags') && res.request().method() === 'POST',
  );
  await page.goto('/settings?experimentWeeklyPlan=on');
  const answer = await switched;
  expect(answer.ok()).toBe(true);
  expect(answer.request().postDataJSON()).toEqual({ featureExperimentWeeklyPlan: true });
  await page.waitForURL(
    (url) => url.pathname === '/settings' && !url.searchParams.has('experimentWeeklyPlan'),
  );
  const user = (await (await request.get('/api/User', { headers: account.headers })).json()) as {
    userFeatures: { featureExperimentWeeklyPlan: boolean };
  };
  expect(user.userFeatures.featureExperimentWeeklyPlan).toBe(true);

  await page.goto('/settings');
  await page.getByTestId('subscription-panel').getByRole('button', { name: 'See upgrade offers' }).click();
  const weekly = page.getByTestId('upgrade-upgrade');
  // 001 §5: shorter than lifetime in the weekly experiment; the default is the yearly one.
  await expect(weekly.getByTestId('upgrade-plan-sub-3m')).toHaveAttribute('aria-checked', 'false');
  await expect(weekly.getByTestId('upgrade-plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
  await shoot(page, testInfo, 'upgrade-weekly-experiment');
});

test("leaving the tokens paywall finds the 'base' mystery box; its events name the product, declining its offer asks with 'mystery'; once per tab", async ({
  page,
  request,
}, testInfo) => {
  await signIn(page, request);
  await welcomeAlreadyShown(page);
  await recordBus(page, ['analytics:event-tracked']);
  await page.goto('/');
  await openPaywall(page, { paywallType: 'tokens', source: 'chat' });
  const paywall = page.getByTestId('paywall');
  await expect(paywall).toHaveAttribute('data-paywall-type', 'tokens');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  const box = page.getByTestId('mystery-box');
  await expect(box).toHaveAttribute('data-variant', 'base');
  await expect(box).toContainText("You've found mystery box");
  await shoot(page, testInfo, 'mystery-box-base');
  await box.getByTestId('mystery-box-open').click();
  await expect(box).toContainText('Your extra discount');
  await expect(box.getByTestId('mystery-box-reveal')).toHaveText('50% OFF');
  const offer = page.getByTestId('tokens-boxOffer');
  await expect(offer).toContainText('Your extra discount');
  await expect(offer.getByTestId('offer-product')).toHaveAttribute('data-product-id', 'tokens-550-box');
  // 001 §7: the box's events carry product_id and price_usd.
  const boxEvents = (await busEvents(page))
    .map((e) => e.payload as { name: string; properties: Record<string, unknown> })
    .filter((e) => e.name === 'tokens_box_modal_shown' || e.name === 'tokens_box_modal_clicked');
  // The box's own two, then the revealed offer's modal (its events share the box's name, 001 §7).
  expect(boxEvents.map((e) => e.name).slice(0, 2)).toEqual([
    'tokens_box_modal_shown',
    'tokens_box_modal_clicked',
  ]);
  expect(boxEvents[0]!.properties['variant']).toBe('base');
  for (const event of boxEvents)
    expect(event.properties).toMatchObject({ product_id: 'tokens-550-box', price_usd: 22.49 });

  await offer.getByTestId('offer-decline').click();
  const confirm = page.getByTestId('offer-confirmation');
  await expect(confirm).toHaveAttribute('data-variant', 'mystery');
  await expect(confirm).toContainText('Leave the surprise unopened?');
  await confirm.getByRole('button', { name: 'Yes, lose access' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(offer).toHaveCount(0);

  // Once per tab: the next tokens paywall closes plainly.
  await openPaywall(page, { paywallType: 'tokens', source: 'chat' });
  await expect(paywall).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(paywall).toHaveCount(0);
  await expect(box).toHaveCount(0);
});

test("a tokens paywall opened with an offer finds the 'offer' box: 'Your Exclusive Offer', bought with a card", async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await welcomeAlreadyShown(page);
  await recordBus(page, []);
  await page.goto('/');
  await openPaywall(page, {
    paywallType: 'tokens',
    source: 'time_bomb_banner',
    offer: {
      productAmount: 550,
      productTitle: '550 tokens',
      paywallType: 'tokens',
      eventName: 'banner_550_tokens_clicked',
      eventProperties: { banner_placement: 'explore' },
      label: 'Collect 50 FREE Tokens',
    },
  });
  await expect(page.getByTestId('paywall')).toBeVisible();
  await page.keyboard.press('Escape');
  const box = page.getByTestId('mystery-box');
  await expect(box).toHaveAttribute('data-variant', 'offer');
  await expect(box).toContainText("You've found mystery box");
  await box.getByTestId('mystery-box-open').click();
  await expect(box).toContainText('Your Exclusive Offer');
  const offer = page.getByTestId('tokens-boxOffer');
  await expect(offer).toContainText('Your Exclusive Offer');
  await offer.getByTestId('offer-buy').click();
  await fillCard(page, SUCCESS_CARD);
  await page.waitForURL((url) => url.searchParams.has('orderId'));
  await expect(page.getByTestId('payment-success')).toContainText('Mystery Box');
});

test('declining the lifetime offer asks with the lifetime confirmation first', async ({ page }) => {
  await pricingReady(page);
  await payYearOnPricing(page, SUCCESS_CARD);
  await proceedFromSuccess(page);
  const lifetime = page.getByTestId('upgrade-lifetime');
  await expect(lifetime).toContainText('Pay Once – Use Forever');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  const confirm = page.getByTestId('offer-confirmation');
  await expect(confirm).toHaveAttribute('data-variant', 'lifetime');
  await expect(confirm).toContainText('Forever, for one payment');
  await confirm.getByRole('button', { name: 'No, go back' }).click();
  await expect(lifetime).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await confirm.getByRole('button', { name: 'Yes, lose access' }).click();
  await expect(lifetime).toHaveCount(0);
  await expect(confirm).toHaveCount(0);
});

test('a SuttonBank card declines a plan as a plain bank decline, and a token pack with the SuttonBank screen and its 20 tokens', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await pricingReady(page);
  await payYearOnPricing(page, SUTTON_BANK);
  const planFail = page.getByTestId('payment-fail');
  await expect(planFail).toHaveAttribute('data-code', '3.10');
  await expect(planFail.getByTestId('free-tokens')).toHaveCount(0);

  await page.goto('/tokens');
  await page.getByTestId('pack-tokens-550').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, SUTTON_BANK);
  await expectBackOn(page, '/tokens');
  const tokenFail = page.getByTestId('payment-fail');
  await expect(tokenFail).toHaveAttribute('data-code', 'SuttonBank');
  await expect(page.getByRole('dialog')).toHaveAccessibleName(
    'Declined your payment, use different bank card',
  );
  await expect(tokenFail).toContainText('Payments from SUTTON BANK and CASHAPP BANK are not accepted.');
  await expect(tokenFail.getByTestId('free-tokens')).toContainText('20');
});

test('a PropellerAds visit tells the API before a paywall opens; the return page stops the payment timer by the id kept across the redirect', async ({
  page,
  request,
}) => {
  await signIn(page, request);
  await recordBus(page, []);
  const propeller = page.waitForResponse('**/api/Event/send-pre-paywall-propeller-event');
  await page.goto('/?propeller_click_id=pc-e2e&propeller_zone_id=9001');
  await openPaywall(page, { paywallType: 'subscription', source: 'chat' });
  await expect(page.getByTestId('paywall')).toBeVisible();
  expect((await propeller).status()).toBe(200);

  const started = page.waitForResponse('**/api/Payments/checkout/start');
  const stopById = page.waitForRequest('**/api/Prometheus/stop-by-id');
  await page.getByTestId('paywall').getByRole('button', { name: 'Continue' }).click();
  const orderId = ((await (await started).json()) as { orderId: string }).orderId;
  await fillCard(page, SUCCESS_CARD);
  await page.waitForURL((url) => url.searchParams.get('orderId') === orderId);
  await expect(page.getByTestId('payment-success')).toBeVisible();
  const stop = await stopById;
  expect(stop.postDataJSON()).toEqual({ id: orderId, resultLabel: 'success' });
  expect((await stop.response())?.status()).toBe(200);

  // The paywall pages are paywalls too: /pricing tells the API as the modal did.
  const onPage = page.waitForResponse('**/api/Event/send-pre-paywall-propeller-event');
  await page.goto('/pricing?propeller_click_id=pc-e2e&propeller_zone_id=9001');
  expect((await onPage).status()).toBe(200);
});

test('a subscriber who paid with PayPal gets the PayPal redirect screen for the next plan, whatever the card preference', async ({
  page,
  request,
}) => {
  const account = await signIn(page, request);
  const flags = (data: Record<string, unknown>) =>
    request.post('/api/Authenticate/update-feature-flags', { headers: account.headers, data });
  expect((await flags({ preferredPaymentMethod: 'paypal' })).ok()).toBe(true);
  await becomeMonthly(page);
  expect((await flags({ preferredPaymentMethod: 'solidgate' })).ok()).toBe(true);

  await page.goto('/pricing');
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // A subscriber buying a plan starts with the subscribers' endpoint (001 §7).
  await page.route('**/api/Payments/checkout/start-subscribed', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('plan-sub-12m').click();
  await page.getByRole('button', { name: 'Get Cheaper Plan' }).click();
  // 001 §2: the redirect screen with its loader because the live plan was paid with PayPal (a card buyer without
  // one gets no such screen), here on the way to the card page the server chose.
  const redirect = page.getByTestId('checkout-redirect');
  await expect(redirect).toBeVisible();
  await expect(redirect).toHaveAttribute('data-provider', 'solidgate');
  await expect(page.getByRole('dialog', { name: 'Redirecting to our secure payment page' })).toBeVisible();
  release();
  await cardFields(page);
});

test.describe('the yuno badge rule reads the provider the server chose (001 §1, §2)', () => {
  /** The year plan with an extra bonus month: its badge is the text one, which yuno buyers do not see. */
  async function yearWithBonusMonth(page: Page) {
    await page.route('**/api/Payments/subscription-products', async (route) => {
      const response = await route.fetch();
      const plans = (await response.json()) as { periodType: string; extraBonusMonth: boolean }[];
      for (const plan of plans) if (plan.periodType === 'year') plan.extraBonusMonth = true;
      await route.fulfill({ response, json: plans });
    });
  }

  test.describe('a visitor in the USA without a utm source (yuno)', () => {
    test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'US' } });
    test('sees no text badge on the year plan', async ({ page }) => {
      await yearWithBonusMonth(page);
      await page.goto('/pricing');
      const year = page.locator('[data-testid^="plan-sub-12m"]').first();
      await expect(year).toBeVisible();
      await expect(page.getByTestId('plan-sub-1m-us').getByTestId('discount-badge')).toHaveText('50%');
      await expect(year.getByTestId('discount-badge')).toHaveCount(0);
    });
  });

  test.describe('a visitor in Germany (solidgate)', () => {
    test.use({ extraHTTPHeaders: { 'cf-ipcountry': 'DE' } });
    test('sees the text badge on the year plan', async ({ page }) => {
      await yearWithBonusMonth(page);
      await page.goto('/pricing');
      await expect(page.getByTestId('plan-sub-12m').getByTestId('discount-badge')).toHaveText('70%');
    });
  });
});
