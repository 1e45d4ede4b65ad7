import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The sandbox's plain success card (README "Payments"). */
export const SUCCESS_CARD = '4067429974719265';

/** Pays on the sandbox's hosted page with `number` (any future expiry, CVV and name pass). */
export async function fillCard(page: Page, number: string) {
  await page.waitForURL(/\/api\/sandbox\/pay\//);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Cardholder name').fill('E2E Buyer');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
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

/** Opens /pricing, keeps the default plan (Year), pays it on the hosted page with `card` and waits for the return. */
export async function payYearOnPricing(page: Page, card: string) {
  await page.goto('/pricing');
  await expect(page.getByTestId('plan-sub-12m')).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, card);
  await expectBackOn(page, '/pricing');
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
  const success = page.getByTestId('payment-success');
  await expect(success).toBeVisible();
  await success.getByRole('button', { name: /^Proceed/ }).click();
}
