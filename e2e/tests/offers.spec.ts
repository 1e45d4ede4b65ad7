import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import {
  buyPackAndProceed,
  expectBackOn,
  fillCard,
  payMonthlyPlan,
  payYearOnPricing,
  proceedFromSuccess,
  SUCCESS_CARD,
  tokenBalance as balance,
} from '../support/payments.ts';
import { openFreeChat, send } from '../support/chat.ts';
import { jsBeyondShell } from '../support/route-bytes.ts';
import { VIEWPORTS, setTheme, shoot } from '../support/screenshots.ts';
import { confirmNsfw, signInWithTokens } from '../support/sign-in.ts';

// The offer flows of 001 §2 in the checkout remote, against the real stack and the sandbox provider
// (README "Payments"): card purchases (the embedded form or the hosted page), one-click charges of the saved card, the shell's timers.

const DECLINE_302 = '4000000000003022';
const PHOTO_PRICE = 5; // userPricingInfo.tokenPriceForImage default (infra/api config.ts)

type Account = { headers: Record<string, string> };

async function signIn(page: Page, request: APIRequestContext, tokens = 0): Promise<Account> {
  const { headers } = await signInWithTokens(page, request, tokens, 'offers');
  await confirmNsfw(request, headers);
  return { headers };
}

/**
 * Waits until every finite CSS transition and animation under `locator` has finished: its box no longer moves
 * (an endless one, a shimmer or a pulse, never finishes and moves nothing).
 */
async function settled(locator: Locator) {
  await locator.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
}

/**
 * Opens the left panel as a user does: the pointer over the rail on a desktop, the menu button below 1200 px
 * (a drawer), then waits for its open state and the end of its width/slide transition, so a click lands on a
 * banner that no longer moves under the pointer.
 */
async function openLeftPanel(page: Page): Promise<Locator> {
  const sidebar = page.getByTestId('shell-sidebar');
  if ((page.viewportSize()?.width ?? 0) >= 1200) await sidebar.hover({ position: { x: 38, y: 200 } });
  else await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(sidebar).toHaveAttribute('data-open', 'true');
  const banners = sidebar.getByTestId('sidebar-banners');
  await expect(banners.locator('[data-banner-id]').first()).toBeVisible();
  await settled(sidebar);
  await banners.scrollIntoViewIfNeeded();
  return banners;
}

/** Closes the panel opened by {@link openLeftPanel}: the pointer leaves the rail, or the drawer's close button. */
async function closeLeftPanel(page: Page) {
  const sidebar = page.getByTestId('shell-sidebar');
  if ((page.viewportSize()?.width ?? 0) >= 1200) await page.mouse.move(1000, 600);
  else await sidebar.getByRole('button', { name: 'Close menu' }).click();
  await expect(sidebar).toHaveAttribute('data-open', 'false');
  await settled(sidebar);
}

/** The confirmation modal holds against Escape and the backdrop, then 'Yes, lose access' moves on. */
async function confirmLeave(page: Page) {
  const confirm = page.getByTestId('offer-confirmation');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'No, go back' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Yes, lose access' }).click();
  await expect(confirm).toHaveCount(0);
}

/** Declines the offer step, then leaves through the confirmation ({@link confirmLeave}). */
async function declineAndLeave(page: Page, step: Locator) {
  await step.getByTestId('offer-decline').click();
  await confirmLeave(page);
}

const timerValue = (modal: Locator) => modal.getByTestId('offer-timer-value');

test.describe('offers', () => {
  test.use({ viewport: VIEWPORTS.desktop });
  // Each flow also takes its modals' screenshots (4 per modal), slow on a loaded machine.
  test.describe.configure({ timeout: 240_000 });

  test('a token purchase is followed by the upsell, accepted with one click on the saved card', async ({
    page,
    request,
  }, testInfo) => {
    const account = await signIn(page, request);
    await buyPackAndProceed(page, 'tokens-350');
    const upsell = page.getByTestId('tokens-upsell');
    await expect(upsell).toBeVisible();
    await expect(upsell).toContainText('Double Package');
    await expect(upsell).toContainText('Exclusive Offer');
    await expect(upsell).toContainText('50% OFF');
    await expect(timerValue(upsell)).toHaveText(/^0:5\d$/);
    const consent = upsell.getByTestId('one-click-consent');
    await expect(upsell).toContainText(
      'By continuing I agree to be charged using the same payment details I used before.',
    );
    await shoot(page, testInfo, 'offers-tokens-upsell');
    // A reload keeps the countdown: the timer record's start date decides, not the page load.
    await consent.check();
    await upsell.getByTestId('offer-buy').click();
    await expect(upsell.getByTestId('offer-paid')).toHaveText('Payment Completed');
    await expect(upsell).toHaveCount(0);
    // 350 bought with a card + 700 (the Double Package) charged on the saved card, no second page.
    await expect.poll(() => balance(request, account)).toBe(350 + 700);
    expect(new URL(page.url()).pathname).not.toContain('sandbox');
  });

  test('declining the upsell goes through the confirmation, the downsell and the mystery box', async ({
    page,
    request,
  }, testInfo) => {
    const account = await signIn(page, request);
    await buyPackAndProceed(page, 'tokens-550');
    const upsell = page.getByTestId('tokens-upsell');
    await expect(upsell).toBeVisible();
    await upsell.getByTestId('offer-decline').click();
    await expect(page.getByTestId('offer-confirmation')).toBeVisible();
    await shoot(page, testInfo, 'offers-confirmation');
    await confirmLeave(page);

    const downsell = page.getByTestId('tokens-downsell');
    await expect(downsell).toBeVisible();
    await expect(downsell).toContainText("You're Lucky Today");
    await expect(downsell).toContainText('30% OFF');
    await expect(downsell).toContainText('Limited Offer');
    await expect(timerValue(downsell)).toHaveText(/^0:5\d$/);
    await shoot(page, testInfo, 'offers-tokens-downsell');
    await declineAndLeave(page, downsell);

    const box = page.getByTestId('mystery-box');
    await expect(box).toBeVisible();
    await expect(box).toContainText("You've forgot something");
    await shoot(page, testInfo, 'offers-mystery-box');
    await box.getByTestId('mystery-box-open').click();
    await expect(box.getByTestId('mystery-box-reveal')).toHaveText('50% OFF');
    await expect(box).toContainText('Your final offer');
    // It closes itself 1 s after the reveal and hands over to the offer it revealed.
    await expect(box).toHaveCount(0);
    const offer = page.getByTestId('tokens-boxOffer');
    await expect(offer).toBeVisible();
    await expect(offer).toContainText('Your final offer');
    await shoot(page, testInfo, 'offers-mystery-box-offer');
    await offer.getByTestId('one-click-consent').check();
    await offer.getByTestId('offer-buy').click();
    await expect(offer).toHaveCount(0);
    await expect.poll(() => balance(request, account)).toBe(600 + 600);
  });

  test('a short balance in a chat raises the insufficient-tokens offer, its confirmation and its downsell', async ({
    page,
    request,
  }, testInfo) => {
    const account = await signIn(page, request);
    await openFreeChat(page, request, account);
    await send(page, 'Hello there');

    const main = page.getByTestId('insufficient-main');
    await expect(page.getByRole('dialog', { name: 'Not enough tokens' })).toBeVisible();
    await expect(main).toHaveAttribute('data-source', 'chat');
    await expect(main.locator('[data-art]')).toHaveAttribute('data-art', 'message-adult');
    await expect(main).toContainText('This offer is available only now, on this screen.');
    await expect(main.getByTestId('offer-buy')).toHaveText('Get 100 FREE tokens');
    await expect(timerValue(main)).toHaveText(/^0:5\d$/);
    await shoot(page, testInfo, 'offers-insufficient-main');

    // The countdown survives a reload: the shell's timer record keeps its start date.
    await page.waitForTimeout(2500);
    const before = await timerValue(main).textContent();
    await page.reload();
    await send(page, 'Hello again');
    await expect(main).toBeVisible();
    // A countdown that restarted would show 0:59 or 0:58 again; one that kept its start date shows
    // at most what it showed before the reload (the same second when the reload took under one).
    const seconds = (text: string | null) => Number(text!.split(':')[1]);
    expect(seconds(before)).toBeLessThanOrEqual(57);
    expect(seconds(await timerValue(main).textContent())).toBeLessThanOrEqual(seconds(before));
    await expect
      .poll(async () => seconds(await timerValue(main).textContent()))
      .toBeLessThan(seconds(before));

    await declineAndLeave(page, main);
    const downsell = page.getByTestId('insufficient-downsell');
    await expect(page.getByRole('dialog', { name: "Honey, don't go now!" })).toBeVisible();
    await expect(downsell).toContainText('70% OFF');
    await expect(timerValue(downsell)).toHaveText(/^(1:00|0:5\d)$/);
    await shoot(page, testInfo, 'offers-insufficient-downsell');
    await downsell.getByTestId('offer-decline').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await balance(request, account)).toBe(0);
  });

  test('a short balance in photo generation raises the photo offer, bought with a card in the payment form', async ({
    page,
    request,
  }) => {
    const account = await signIn(page, request, PHOTO_PRICE);
    await page.goto('/ai-girlfriend-generator?count=3');
    await expect(page.getByTestId('character-tile').first()).toBeVisible();
    await page.getByRole('button', { name: `Generate 3 photos for ${3 * PHOTO_PRICE} tokens` }).click();
    const main = page.getByTestId('insufficient-main');
    await expect(main).toBeVisible();
    await expect(main).toHaveAttribute('data-source', 'photo-generation');
    await expect(main.locator('[data-art]')).toHaveAttribute('data-art', 'photo-adult');
    await expect(main).toContainText(`needs ${3 * PHOTO_PRICE} tokens`);
    // No saved card yet: no consent box, and the offer opens the card form in the payment modal.
    await expect(main.getByTestId('one-click-consent')).toHaveCount(0);
    await main.getByTestId('offer-buy').click();
    await fillCard(page, SUCCESS_CARD);
    await expectBackOn(page, '/tokens');
    await expect(page.getByTestId('payment-success')).toContainText('Not enough tokens');
    await expect.poll(() => balance(request, account)).toBe(PHOTO_PRICE + 200);
  });

  test('a 3.02 decline on a plan shows the declined popup, and its monthly plan is bought from it', async ({
    page,
  }, testInfo) => {
    await payYearOnPricing(page, DECLINE_302);
    const popup = page.getByTestId('declined-popup');
    await expect(popup).toBeVisible();
    await expect(popup).toContainText('Only for YOU');
    await expect(popup).toContainText('No commitment cancel anytime');
    await expect(popup).toContainText('30-Day Money-Back Guarantee');
    await expect(popup.getByRole('radio')).toHaveCount(1);
    await expect(popup.getByTestId('declined-plan-sub-1m')).toHaveAttribute('aria-checked', 'true');
    await expect(popup.getByRole('button', { name: 'Try again with different card' })).toBeVisible();
    await shoot(page, testInfo, 'offers-declined');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await fillCard(page, SUCCESS_CARD);
    await expectBackOn(page, '/pricing');
    const success = page.getByTestId('payment-success');
    await expect(success).toContainText('Premium Access');
    await expect(success).toContainText('$19.99');
  });

  test('a monthly subscriber goes through the upgrade chain and ends with lifetime', async ({
    page,
    request,
  }, testInfo) => {
    const account = await signIn(page, request);
    await page.goto('/pricing');
    await payMonthlyPlan(page, SUCCESS_CARD);
    await proceedFromSuccess(page);
    await expect(page.getByTestId('payment-success')).toHaveCount(0);

    // The left panel's banners for a monthly user: the 3-month plan and 350 tokens, clicked with the pointer once
    // the panel has finished opening.
    const banners = await openLeftPanel(page);
    await expect(banners).toHaveAttribute('data-period', 'monthly');
    await expect(banners.locator('[data-banner-id]')).toHaveCount(2);
    await expect(banners.locator('[data-banner-id="tokens-350"]')).toBeVisible();
    await banners.locator('[data-banner-id="subscription-quarter"]').click();

    const upgrade = page.getByTestId('upgrade-upgrade');
    await expect(upgrade).toBeVisible();
    await expect(upgrade).toContainText('Switch to a cheaper plan');
    await expect(upgrade).toContainText('Only for NEW users');
    await expect(upgrade.getByTestId('offer-buy')).toHaveText('Upgrade with Extra Discount');
    await expect(timerValue(upgrade)).toHaveText(/^(2:00|1:5\d)$/);
    await shoot(page, testInfo, 'offers-upgrade');
    await declineAndLeave(page, upgrade);

    const last = page.getByTestId('upgrade-upgradeDownsell');
    await expect(last).toContainText('Last chance!');
    await expect(last).toContainText('With extra discount');
    await shoot(page, testInfo, 'offers-upgrade-downsell');
    await declineAndLeave(page, last);

    const final = page.getByTestId('upgrade-upgradeDownsell2');
    await expect(final).toContainText('Final offer!');
    await expect(final).toContainText('Extra discount 20% OFF');
    await expect(final.getByTestId('upgrade-plan-sub-12m-extra')).toHaveAttribute('aria-checked', 'true');
    await shoot(page, testInfo, 'offers-upgrade-downsell2');
    await final.getByTestId('one-click-consent').check();
    await final.getByTestId('offer-buy').click();

    // A 12-month plan bought: lifetime comes next.
    const lifetime = page.getByTestId('upgrade-lifetime');
    await expect(lifetime).toBeVisible();
    await expect(lifetime).toContainText('Pay Once – Use Forever');
    for (const benefit of ['Lifetime access', 'Only one payment', 'Cheaper than annual subscription'])
      await expect(lifetime).toContainText(benefit);
    await expect(lifetime).toContainText('Get 100 Tokens every month');
    await shoot(page, testInfo, 'offers-lifetime');
    await lifetime.getByTestId('one-click-consent').check();
    await lifetime.getByRole('button', { name: 'Claim Lifetime Access' }).click();
    await expect(lifetime).toHaveCount(0);
    const live = await request.get('/api/Payments/user-active-subscription', { headers: account.headers });
    expect(await live.json()).toMatchObject({ periodType: 'year', periodValue: 100 });
  });

  test("the left panel's promo banners at phone and desktop width in both themes, a click opening the paywall", async ({
    page,
    request,
  }, testInfo) => {
    const account = await signIn(page, request);
    // Two banners of each kind (001 §9): a quarterly user sees the 12-month plan and 550 tokens.
    const period = await request.post('/api/testing/user-period', {
      headers: account.headers,
      data: { periodInMonths: 'quarterly' },
    });
    expect(period.ok()).toBe(true);
    // Not the explore page: its style picker modal would cover the panel on a phone.
    await page.goto('/tokens');
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      for (const [size, viewport] of Object.entries(VIEWPORTS)) {
        await page.setViewportSize(viewport);
        const banners = await openLeftPanel(page);
        await expect(banners).toHaveAttribute('data-period', 'quarterly');
        await expect(banners.locator('[data-banner-id]')).toHaveCount(2);
        // Each banner lies inside the panel, neither clipped by it nor overlapping the other.
        const panel = (await page.getByTestId('shell-sidebar').boundingBox())!;
        const boxes = await banners.locator('[data-banner-id]').evaluateAll((els) =>
          els.map((el) => {
            const r = el.getBoundingClientRect();
            return {
              left: r.left,
              right: r.right,
              top: r.top,
              bottom: r.bottom,
              fits: el.scrollWidth <= el.clientWidth,
            };
          }),
        );
        for (const box of boxes) {
          expect(box.left).toBeGreaterThanOrEqual(panel.x);
          expect(box.right).toBeLessThanOrEqual(panel.x + panel.width);
          expect(box.fits).toBe(true);
        }
        expect(boxes[1]!.top).toBeGreaterThanOrEqual(boxes[0]!.bottom);
        await page.screenshot({ path: testInfo.outputPath(`offers-sidebar-banners-${size}-${theme}.png`) });
        await closeLeftPanel(page);
      }
    }
    // A pointer click on the tokens banner opens the tokens paywall (the plan banner's click is in the upgrade chain).
    await page.setViewportSize(VIEWPORTS.desktop);
    const banners = await openLeftPanel(page);
    // The pointer resting on a banner keeps the rail open: the banners are checkout's own React root, and the rail
    // once read a move onto them as leaving it, shutting and reopening under the pointer without end.
    const tokens = banners.locator('[data-banner-id="tokens-550"]');
    await tokens.hover();
    const sidebar = page.getByTestId('shell-sidebar');
    const flips = await sidebar.evaluate(
      (rail) =>
        new Promise<number>((resolve) => {
          let count = 0;
          const watch = new MutationObserver(() => count++);
          watch.observe(rail, { attributes: true, attributeFilter: ['data-open'] });
          setTimeout(() => {
            watch.disconnect();
            resolve(count);
          }, 400);
        }),
    );
    expect(flips).toBe(0);
    await expect(sidebar).toHaveAttribute('data-open', 'true');
    await tokens.click();
    await expect(page.getByTestId('paywall')).toHaveAttribute('data-paywall-type', 'tokens');
  });

  test("a new user's first tokens paywall is the welcome pack: 70% OFF, then TOTAL 90% OFF, then it closes", async ({
    page,
    request,
  }, testInfo) => {
    // A fresh registered user: no subscription, period none, no saved card (001 §2 "for new users").
    const account = await signIn(page, request);
    // The e2e hooks expose the shell's bus (as in tracking.spec.ts); the paywall is asked for as a remote would.
    await page.addInitScript(() => sessionStorage.setItem('companion:test-hooks', '1'));
    await page.goto('/');
    await page.waitForFunction(
      () => (window as unknown as { __companionShell?: unknown }).__companionShell !== undefined,
    );
    const openTokensPaywall = () =>
      page.evaluate(() => {
        const shell = (
          window as unknown as {
            __companionShell: { bus: { as(p: string): { publish(n: string, p: unknown): void } } };
          }
        ).__companionShell;
        shell.bus.as('chat').publish('paywall:open-requested', { paywallType: 'tokens', source: 'chat' });
      });
    await openTokensPaywall();

    const welcome = page.getByTestId('welcome-welcome');
    await expect(welcome).toBeVisible();
    await expect(welcome).toContainText('Welcome Pack');
    await expect(welcome).toContainText('Only for NEW users');
    await expect(timerValue(welcome)).toHaveText(/^0:5\d$/);
    // No saved card: no one-click consent.
    await expect(welcome.getByTestId('one-click-consent')).toHaveCount(0);
    await shoot(page, testInfo, 'offers-welcome-pack');
    await declineAndLeave(page, welcome);

    const downsell = page.getByTestId('welcome-downsell');
    await expect(downsell).toBeVisible();
    await expect(downsell).toContainText("You're Lucky Today");
    await expect(downsell).toContainText('70% OFF');
    await shoot(page, testInfo, 'offers-welcome-downsell');
    await declineAndLeave(page, downsell);

    const extra = page.getByTestId('welcome-extra');
    await expect(extra).toBeVisible();
    await expect(extra).toContainText('TOTAL 90% OFF');
    await shoot(page, testInfo, 'offers-welcome-extra');
    await extra.getByTestId('offer-decline').click();
    // The flow closes (no confirmation after the last step); the explore page's own style picker may stay open.
    await expect(extra).toHaveCount(0);
    await expect(page.getByTestId('offer-confirmation')).toHaveCount(0);
    await expect(page.getByTestId('paywall')).toHaveCount(0);
    expect(await balance(request, account)).toBe(0);

    // Once per tab: the next tokens paywall is the packs picker.
    await openTokensPaywall();
    await expect(page.getByTestId('paywall')).toHaveAttribute('data-paywall-type', 'tokens');
    await expect(page.getByTestId('welcome-welcome')).toHaveCount(0);
  });

  test('/pricing adds at most 35 KB gzip of JS beyond the shell: the offer flows load on first use', async ({
    browser,
  }) => {
    const bytes = await jsBeyondShell(browser, '/pricing');
    console.log(`[offers] /pricing JS beyond the shell: ${(bytes / 1024).toFixed(1)} KB gz`);
    expect(bytes).toBeLessThanOrEqual(35 * 1024);
  });
});
