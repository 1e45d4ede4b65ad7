import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';

/** The sandbox's plain success card (README "Payments"). */
export const SUCCESS_CARD = '4067429974719265';

/** Where a checkout asks for the card: the sandbox's hosted page, or its form in the payment modal (ADR 0410). */
export type CardPlace = 'hosted' | 'embedded';

const EMBEDDED_READY = '[data-testid="embedded-payment-form"][data-phase="ready"]';

/**
 * Waits until a checkout shows its card fields: the embedded form in the payment modal (every card buyer) or the
 * hosted page (PayPal, a form that cannot load, the `paymentForm: 'hosted'` flag). Returns where, and the fields'
 * root.
 */
export async function cardFields(page: Page): Promise<{ place: CardPlace; root: Page | FrameLocator }> {
  let place: CardPlace | null = null;
  await expect
    .poll(
      async () => {
        if (/\/api\/sandbox\/pay\//.test(page.url())) place = 'hosted';
        else if ((await page.locator(EMBEDDED_READY).count()) > 0) place = 'embedded';
        return place;
      },
      { timeout: 30_000 },
    )
    .not.toBeNull();
  const root =
    place === 'embedded'
      ? page.frameLocator('iframe[title="Card payment form"]')
      : (page as Page | FrameLocator);
  await expect(root.getByLabel('Card number')).toBeVisible();
  return { place: place!, root };
}

/**
 * Pays with `number` wherever the checkout asks for the card (any future expiry, CVV and name pass); `email` fills
 * the anonymous payer's contact field (in the form or on the hosted page). Returns where the card was asked for.
 */
export async function fillCard(
  page: Page,
  number: string,
  options: { name?: string; email?: string } = {},
): Promise<CardPlace> {
  const { place, root } = await cardFields(page);
  await root.getByLabel('Card number').fill(number);
  await root.getByLabel('Expiry (MM/YY)').fill('12/34');
  await root.getByLabel('CVV').fill('123');
  await root.getByLabel('Cardholder name').fill(options.name ?? 'E2E Buyer');
  if (options.email)
    await root.getByLabel('E-mail (optional): we send you a link to keep your purchase').fill(options.email);
  await root.getByRole('button', { name: /^Pay \$/ }).click();
  return place;
}

/** Confirms 3-D Secure with `code`, on the hosted page or inside the embedded form. */
export async function passThreeDs(page: Page, code: string) {
  const embedded = page.frameLocator('iframe[title="Card payment form"]');
  const root: Page | FrameLocator =
    (await page.locator('iframe[title="Card payment form"]').count()) > 0 ? embedded : page;
  await expect(root.getByRole('heading', { name: 'Confirm your payment' })).toBeVisible({ timeout: 30_000 });
  await root.getByLabel('One-time code').fill(code);
  await root.getByRole('button', { name: 'Confirm' }).click();
}

/** Waits for the provider's return to `pathname` (it carries the order id). */
export async function expectBackOn(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname && url.searchParams.has('orderId'));
}

/** The user's token balance as `GET Tokens/balance` answers it. */
export async function tokenBalance(
  request: APIRequestContext,
  account: { headers: Record<string, string> },
): Promise<number> {
  const response = await request.get(`/api/Tokens/balance?requestID=${Date.now()}`, {
    headers: account.headers,
  });
  return ((await response.json()) as { remainingTokens: number }).remainingTokens;
}

/** Opens /pricing, keeps the default plan (Year), pays it with `card` (hosted page or embedded form) and waits for the return. */
export async function payYearOnPricing(page: Page, card: string) {
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, card);
  await expectBackOn(page, '/pricing');
}

/** On an open /pricing, picks the 1-month plan, pays it with `card` (hosted page or embedded form) and waits for the return. */
export async function payMonthlyPlan(page: Page, card: string) {
  await page.getByTestId('plan-sub-1m').click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, card);
  await expectBackOn(page, '/pricing');
}

/** Leaves the 'Payment Completed' screen with its Proceed button. */
export async function proceedFromSuccess(page: Page) {
  await page
    .getByTestId('payment-success')
    .getByRole('button', { name: /^Proceed/ })
    .click();
}

/**
 * Records the named bus events from the shell's first moment (the e2e test hooks expose its bus) into
 * `window.__busEvents`; read them with {@link busEvents}.
 */
export async function recordBus(page: Page, names: string[]) {
  await page.addInitScript(`(() => {
    sessionStorage.setItem('companion:test-hooks', '1');
    window.__busEvents = [];
    let shell;
    Object.defineProperty(window, '__companionShell', {
      configurable: true,
      get: () => shell,
      set: (value) => {
        shell = value;
        for (const name of ${JSON.stringify(names)})
          value && value.bus.subscribe(name, (payload) => window.__busEvents.push({ name, payload }));
      },
    });
  })();`);
}

/** The bus events {@link recordBus} saw, in order. */
export function busEvents(page: Page): Promise<{ name: string; payload: Record<string, unknown> }[]> {
  return page.evaluate(
    () =>
      (window as unknown as { __busEvents?: { name: string; payload: Record<string, unknown> }[] })
        .__busEvents ?? [],
  );
}

/** Buys a pack on /tokens with the success card (its card is saved) and proceeds from 'Payment Completed'. */
export async function buyPackAndProceed(page: Page, productId: string) {
  await page.goto('/tokens');
  await page.getByTestId(`pack-${productId}`).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, SUCCESS_CARD);
  await expectBackOn(page, '/tokens');
  await expect(page.getByTestId('payment-success')).toBeVisible();
  await proceedFromSuccess(page);
}
