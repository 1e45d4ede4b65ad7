import {
  expect,
  type APIRequestContext,
  type Frame,
  type FrameLocator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { test } from '../support/test.ts';
import { watchCsp } from '../support/csp.ts';
import { expectBackOn, fillCard, SUCCESS_CARD } from '../support/payments.ts';
import { VIEWPORTS } from '../support/screenshots.ts';
import { magicCodeFor, signInRegistered } from '../support/sign-in.ts';

// The card provider's embedded form (001 §4 "Payment form events", §8 "Payment SDK script load failure rejects the
// load"; ADR 0410): a buyer whose checkout offers the form pays inside the payment modal, in the sandbox's frame,
// and sees the same result screens as after the hosted page. PayPal and a form script that cannot load still go
// to the hosted page. No CSP violation on the way.

const SDK = '/api/sandbox/form-sdk.js';

/** A registered buyer with the embedded form switched on (the `paymentForm` feature flag). */
async function embeddedBuyer(page: Page, request: APIRequestContext, flags: Record<string, string> = {}) {
  const { accessToken } = await signInRegistered(page, request, 'payment-form');
  const answer = await request.post('/api/Authenticate/update-feature-flags', {
    headers: { Authorization: `Bearer ${accessToken}` },
    data: { paymentForm: 'embedded', ...flags },
  });
  expect(answer.ok()).toBe(true);
}

/**
 * The open form at phone and desktop width in the theme the page opened with (the form takes the theme when it
 * opens, so the shared `shoot`, which only repaints the page, would show the frame in the other theme).
 */
async function shootForm(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await expect(page.getByTestId('embedded-payment-form')).toHaveAttribute('data-phase', 'ready');
    // A new width restarts the sheet's open animation (the phone slides up): shoot the settled modal.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished),
      ),
    );
    await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`) });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** Opens /pricing, keeps the year plan and opens the embedded form; returns the form's frame. */
async function openForm(page: Page): Promise<FrameLocator> {
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  const modal = page.getByRole('dialog', { name: 'Pay with card' });
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('embedded-payment-form')).toHaveAttribute('data-phase', 'ready');
  return modal.frameLocator('iframe[title="Card payment form"]');
}

async function payInForm(form: FrameLocator, number: string) {
  await form.getByLabel('Card number').fill(number);
  await form.getByLabel('Expiry (MM/YY)').fill('12/34');
  await form.getByLabel('CVV').fill('123');
  await form.getByLabel('Cardholder name').fill('E2E Buyer');
  await form.getByRole('button', { name: /^Pay \$/ }).click();
}

// The result comes by the hub or the 2 s poll; on a loaded machine that can take longer than the default wait.
const RESULT = { timeout: 60_000 };

test.describe('embedded payment form', () => {
  test.describe.configure({ timeout: 240_000 });
  test('a buyer pays a year in the form inside the payment modal and sees Payment Completed', async ({
    page,
    request,
  }, testInfo) => {
    const csp = await watchCsp(page);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === SDK) scripts.push(r.url());
    });
    await embeddedBuyer(page, request);
    await page.goto('/pricing');
    await expect(page.getByTestId('plan-sub-12m')).toBeVisible();
    // The form script is not part of /pricing: it loads when a checkout opens.
    expect(scripts).toEqual([]);
    const form = await openForm(page);
    expect(scripts).toHaveLength(1);
    const modal = page.getByRole('dialog', { name: 'Pay with card' });
    await expect(modal).toContainText('$119.99');
    // The form's `card` event names the brand once the first six digits are in.
    await form.getByLabel('Card number').fill(SUCCESS_CARD);
    await expect(modal.getByRole('status').first()).toContainText('Card: visa');
    await shootForm(page, testInfo, 'embedded-form-dark');
    await payInForm(form, SUCCESS_CARD);
    // The order's page follows it to its result, as after the hosted page (one result pipeline).
    await expectBackOn(page, '/pricing');
    const success = page.getByTestId('payment-success');
    await expect(success).toBeVisible(RESULT);
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Payment Completed');
    await expect(success).toContainText('$119.99');
    expect(new URL(page.url()).searchParams.get('paymentSystem')).toBe('solidgate');
    expect([...csp.violations, ...(await csp.inDocument())]).toEqual([]);
  });

  test('an anonymous visitor pays in the form too, which asks the contact e-mail that keeps the purchase', async ({
    page,
  }, testInfo) => {
    const email = `form-anon-${Date.now()}@example.com`;
    for (const theme of ['dark', 'light'] as const) {
      await page.addInitScript(`localStorage.setItem('persist:theme', '${theme}')`);
      const form = await openForm(page);
      const contact = form.getByLabel('E-mail (optional): we send you a link to keep your purchase');
      await expect(contact).toBeVisible();
      await shootForm(page, testInfo, `embedded-form-anonymous-${theme}`);
    }
    // A bad address keeps the visitor in the form with its message.
    const form = page.frameLocator('iframe[title="Card payment form"]');
    await form
      .getByLabel('E-mail (optional): we send you a link to keep your purchase')
      .fill('not-an-address');
    await payInForm(form, SUCCESS_CARD);
    await expect(form.getByText('Enter a valid e-mail address.')).toBeVisible();
    await form.getByLabel('E-mail (optional): we send you a link to keep your purchase').fill(email);
    await form.getByLabel('CVV').fill('123');
    await form.getByRole('button', { name: /^Pay \$/ }).click();
    await expectBackOn(page, '/pricing');
    await expect(page.getByTestId('payment-success')).toBeVisible(RESULT);
    // The address is mailed the link that keeps the purchase (ADR 0290); the visitor stays anonymous until then.
    await expect.poll(() => magicCodeFor(page.request, email), { timeout: 30_000 }).toBeTruthy();
  });

  test('a declined card shows the fail screen with its decline title', async ({
    page,
    request,
  }, testInfo) => {
    // A light-theme buyer: the form opens in the light colours.
    await page.addInitScript(`localStorage.setItem('persist:theme', 'light')`);
    await embeddedBuyer(page, request);
    const form = await openForm(page);
    await shootForm(page, testInfo, 'embedded-form-light');
    await payInForm(form, '4000000000003048');
    await expectBackOn(page, '/pricing');
    const fail = page.getByTestId('payment-fail');
    await expect(fail).toHaveAttribute('data-code', '3.04', RESULT);
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Payment declined');
    await expect(fail.getByRole('button', { name: 'Try Another Card' })).toBeVisible();
  });

  test('3-D Secure is confirmed inside the form', async ({ page, request }) => {
    await embeddedBuyer(page, request);
    const form = await openForm(page);
    await payInForm(form, '4000002760003184');
    await expect(form.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible();
    await expect(page.getByTestId('embedded-payment-form')).toHaveAttribute('data-phase', 'verifying');
    await form.getByLabel('One-time code').fill('1234');
    await form.getByRole('button', { name: 'Confirm' }).click();
    await expectBackOn(page, '/pricing');
    await expect(page.getByTestId('payment-success')).toBeVisible(RESULT);
  });

  test('a registered buyer pays with a wallet button in the form, with no flag set', async ({
    page,
    request,
  }) => {
    // The form is the default for a buyer with an account (ADR 0410): no feature flag here.
    await signInRegistered(page, request, 'payment-wallet');
    const form = await openForm(page);
    // Dark theme: the contrasting light wallet buttons, above the card fields.
    const google = form.getByRole('button', { name: 'Pay with Google Pay' });
    await expect(google).toBeVisible();
    await expect(google).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(form.getByRole('button', { name: 'Pay with Apple Pay' })).toBeVisible();
    await expect(form.getByText('or pay with card')).toBeVisible();
    await google.click();
    await expectBackOn(page, '/pricing');
    await expect(page.getByTestId('payment-success')).toBeVisible(RESULT);
    await expect(page.getByRole('dialog')).toHaveAccessibleName('Payment Completed');
  });

  test('a form script that cannot load sends the buyer to the hosted page of the same order', async ({
    page,
    request,
  }) => {
    await embeddedBuyer(page, request);
    await page.route(`**${SDK}`, (route) => route.abort());
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD);
    await expectBackOn(page, '/pricing');
    await expect(page.getByTestId('payment-success')).toBeVisible(RESULT);
  });

  test('PayPal still goes through its hosted page', async ({ page, request }) => {
    await embeddedBuyer(page, request, { preferredPaymentMethod: 'paypal' });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === SDK) scripts.push(r.url());
    });
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD);
    await expectBackOn(page, '/pricing');
    expect(new URL(page.url()).searchParams.get('paymentSystem')).toBe('paypal');
    await expect(page.getByTestId('payment-success')).toBeVisible(RESULT);
    expect(scripts).toEqual([]);
  });

  test('the form frame takes events only from its own frame and origin', async ({ page, request }) => {
    await embeddedBuyer(page, request);
    await openForm(page);
    // A forged `success` from the page itself (not the form's frame) changes nothing.
    await page.evaluate(() =>
      window.postMessage(
        { channel: 'sandbox-payment-form', type: 'success', data: { type: 'success' } },
        '*',
      ),
    );
    await expect(page.getByTestId('embedded-payment-form')).toHaveAttribute('data-phase', 'ready');
    await expect(page).not.toHaveURL(/orderId=/);
    const frame = page.frames().find((f: Frame) => f.url().includes('/api/sandbox/form?'));
    expect(frame).toBeTruthy();
  });
});
