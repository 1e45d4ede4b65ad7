import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { cardFields, expectBackOn, fillCard, passThreeDs } from '../support/payments.ts';
import { readLiveRegistry, remoteCli } from '../support/registry.ts';
import { shoot } from '../support/screenshots.ts';
import { confirmNsfwInPage, signInRegistered } from '../support/sign-in.ts';

// The checkout remote against the real stack and the API's sandbox card provider (README "Payments"): a visitor
// picks a plan or a pack, pays on the hosted page, comes back to /pricing or /tokens and sees the result that
// PaymentNotification (or the order-status poll) reports.

const dialog = (page: Page) => page.getByRole('dialog');

/** Opens /pricing as a fresh visitor, keeps the default plan (Year) and goes to the hosted page. */
async function startYearPlan(page: Page) {
  await page.goto('/pricing');
  const year = page.getByTestId('plan-sub-12m');
  await expect(year).toHaveAttribute('aria-checked', 'true');
  await expect(year).toContainText('Most Popular');
  await page.getByRole('button', { name: 'Continue' }).click();
  await cardFields(page);
}

async function declined(page: Page, card: string) {
  await startYearPlan(page);
  await fillCard(page, card);
  await expectBackOn(page, '/pricing');
  return page.getByTestId('payment-fail');
}

test.describe('checkout', () => {
  test('shows the plans with their rules, headline, payment methods and legal text', async ({
    page,
  }, testInfo) => {
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get Exclusive Discount Only Today!' })).toBeVisible();
    await expect(page.getByText(/^Up to \d+% off for first subscription$/)).toBeVisible();
    const plans = page.getByRole('radiogroup', { name: 'Subscription plans' }).getByRole('radio');
    await expect(plans).toHaveCount(4);
    const year = page.getByTestId('plan-sub-12m');
    await expect(year).toContainText('SAVE $200');
    await expect(year).toContainText('$119.99');
    await page.getByTestId('plan-sub-1m').click();
    await expect(page.getByTestId('plan-sub-1m')).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByTestId('plan-sub-1m')).toContainText('SAVE $37');
    await expect(page.getByTestId('plan-sub-1m')).toContainText('Your Choice');
    // The renewal badge follows the chosen recurring plan (ADR 0251).
    await expect(page.getByTestId('renewal-badge')).toHaveCount(1);
    await expect(page.getByTestId('plan-sub-1m').getByTestId('renewal-badge')).toHaveText(
      'Get 100 bonus tokens for renewal',
    );
    await shoot(page, testInfo, 'pricing-renewal-badge');
    await expect(page.getByText(/^\$19\.99 for the first month, then \$39\.99 per month/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Accepted payment methods' })).toBeVisible();
  });

  test('a visitor subscribes with a success card and sees Payment Completed', async ({ page }) => {
    await startYearPlan(page);
    await fillCard(page, '4067429974719265');
    await expectBackOn(page, '/pricing');
    const success = page.getByTestId('payment-success');
    await expect(success).toBeVisible();
    await expect(dialog(page)).toHaveAccessibleName('Payment Completed');
    await expect(success).toContainText('Premium Access');
    await expect(success).toContainText('$119.99');
    await expect(success).toContainText(/\d{2}\.\d{2}\.\d{2}/);
    await expect(success.getByRole('timer')).toHaveText(/^0:(10|0\d)$/);
    await expect(success.getByRole('link', { name: 'Contact Us' })).toBeVisible();
    await success.getByRole('button', { name: /^Proceed/ }).click();
    // A year leads to the lifetime offer (001 §4); closing it ends the flow.
    await dialog(page).getByTestId('upgrade-lifetime').waitFor();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    // Declining lifetime asks first (001 §2, the 'lifetime' confirmation).
    await page.getByTestId('offer-confirmation').getByRole('button', { name: 'Yes, lose access' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect.poll(() => new URL(page.url()).search).toBe('');
    // Now an annual subscriber: the year plan is current and lifetime is the way up.
    await expect(page.getByRole('heading', { name: 'Endless Honeyed Bliss' })).toBeVisible();
    await expect(page.getByTestId('plan-sub-12m')).toContainText('Current Plan');
    await expect(page.getByTestId('plan-sub-1m')).toHaveCount(0);
  });

  test('3-D Secure passes, and a subscriber buying tokens sees the header balance grow', async ({
    page,
    request,
  }) => {
    // A registered user: the header's token balance is for signed-in subscribers.
    await signInRegistered(page, request, 'checkout');
    await startYearPlan(page);
    await fillCard(page, '4000002760003184');
    await passThreeDs(page, '1234');
    await expectBackOn(page, '/pricing');
    await expect(page.getByTestId('payment-success')).toBeVisible();
    await page.getByRole('button', { name: /^Proceed/ }).click();
    await expect(page.getByTestId('payment-success')).toHaveCount(0);

    await confirmNsfwInPage(page);
    await page.goto('/tokens');
    const balance = page.getByTestId('token-menu-button');
    await expect(balance).toBeVisible();
    const before = Number((await balance.textContent())?.replace(/\D/g, ''));
    await page.getByTestId('pack-tokens-550').click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await cardFields(page);
    await fillCard(page, '4532456618142692');
    await expectBackOn(page, '/tokens');
    const success = page.getByTestId('payment-success');
    await expect(success).toContainText('550 tokens');
    await expect(success).toContainText('$39.99');
    await expect(balance).toHaveAccessibleName(`Token balance: ${(before + 600).toLocaleString('en-US')}`);
  });

  test('3-D Secure verification fails with 5.01', async ({ page }) => {
    await startYearPlan(page);
    await fillCard(page, '4000002760005015');
    await passThreeDs(page, '0000');
    await expectBackOn(page, '/pricing');
    const fail = page.getByTestId('payment-fail');
    await expect(fail).toHaveAttribute('data-code', '5.01');
    await expect(dialog(page)).toHaveAccessibleName('3D secure verification failed');
    await expect(fail.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });

  // 3.02 on a plan opens the declined popup instead: e2e/tests/offers.spec.ts.
  for (const row of [
    {
      card: '4000000000003048',
      code: '3.04',
      title: 'Payment declined',
      message: /bank declined/,
      button: 'Try Another Card',
      tokens: true,
    },
    {
      card: '4000000000002065',
      code: '2.06',
      title: 'Invalid CVV2 code',
      message: /recheck the CVV/,
      button: 'Try Again',
      tokens: false,
    },
  ]) {
    test(`a declined card shows ${row.code}: '${row.title}' and '${row.button}'`, async ({ page }) => {
      const fail = await declined(page, row.card);
      await expect(fail).toHaveAttribute('data-code', row.code);
      await expect(dialog(page)).toHaveAccessibleName(row.title);
      await expect(fail).toContainText(row.message);
      await expect(fail).toContainText('$119.99');
      await expect(fail.getByRole('link', { name: 'Have a question? Contact Us' })).toBeVisible();
      await expect(fail.getByTestId('free-tokens')).toHaveCount(row.tokens ? 1 : 0);
      if (row.tokens)
        await expect(fail).toContainText('For such inconvenience we offer you 20 additional tokens');
      // Retry starts a new checkout for the same plan.
      await fail.getByRole('button', { name: row.button }).click();
      await cardFields(page);
    });
  }

  test('deploys alone: a new version shows in the paywall from explore and on /pricing, rolls back, and an unreachable checkout leaves a readable paywall fallback', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const before = readLiveRegistry().remotes['checkout']!.version;
    const next = `1.1.0-e2e.${Date.now()}`;
    const openPaywallFromExplore = async () => {
      await page.goto('/?category=realistic');
      await page.getByTestId('time-bomb-banner').click();
      await expect(page.getByRole('dialog', { name: 'Get Premium' })).toBeVisible();
    };
    const paywallVersion = () =>
      page
        .locator('[data-remote-outlet="checkout"] [data-remote="checkout"]')
        .getAttribute('data-build-version');

    await openPaywallFromExplore();
    expect(await paywallVersion()).toBe(before);
    try {
      expect(await remoteCli('deploy', 'checkout', '--version', next)).toContain(next);
      await openPaywallFromExplore();
      await expect.poll(paywallVersion).toBe(next);
      await expect(page.getByTestId('paywall').getByRole('radio').first()).toBeVisible();
      await page.goto('/pricing');
      await expect(page.locator('[data-remote="checkout"]').first()).toHaveAttribute(
        'data-build-version',
        next,
      );
      await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
    } finally {
      expect(await remoteCli('rollback', 'checkout', '--to', before)).toContain(before);
    }
    await openPaywallFromExplore();
    await expect.poll(paywallVersion).toBe(before);

    await page.route('**/remotes/checkout/**', (route) => route.abort('connectionrefused'));
    await page.goto('/?category=realistic');
    await page.getByTestId('time-bomb-banner').click();
    const fallback = page.getByRole('dialog', { name: 'Payments are unavailable' });
    await expect(fallback).toBeVisible();
    await fallback.getByRole('button', { name: 'Close' }).last().click();
    await expect(fallback).toHaveCount(0);
    await expect(page.getByTestId('model-card').first()).toBeVisible();
  });
});
