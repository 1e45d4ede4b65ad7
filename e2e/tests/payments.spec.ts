import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { REPO_ROOT } from '../support/env.ts';
import { fillCard, passThreeDs } from '../support/payments.ts';
import { preRegisterVisitor } from '../support/sign-in.ts';

// A visitor pays on the sandbox provider's hosted page (with and without 3-D Secure) and the official SignalR
// browser client, connected to paymentNotificationHub as that visitor, receives PaymentNotification.

const SIGNALR_BROWSER = path.join(
  REPO_ROOT,
  'infra',
  'api',
  'node_modules',
  '@microsoft',
  'signalr',
  'dist',
  'browser',
  'signalr.min.js',
);

interface Received {
  success: boolean;
  orderId?: string;
  errorCode?: string | null;
  amountPaid: number;
  currencyPaid: string;
  remainingBalance: number | null;
  product: { id: string } | null;
}
declare global {
  interface Window {
    signalR: {
      HubConnectionBuilder: new () => {
        withUrl(
          url: string,
          options: { accessTokenFactory: () => string },
        ): {
          build(): {
            on(event: string, handler: (payload: Received) => void): void;
            start(): Promise<void>;
          };
        };
      };
    };
    __payments: Received[];
  }
}

/** A new visitor and a second page of theirs ({@link listen}) that receives their payment notifications. */
async function listeningVisitor(context: BrowserContext, request: APIRequestContext) {
  const { accessToken } = await preRegisterVisitor(request, 'e2e-pay');
  const listener = await context.newPage();
  await listen(listener, accessToken);
  return { accessToken, listener };
}

/** A same-origin page holding a SignalR connection to paymentNotificationHub as the visitor. */
async function listen(page: Page, accessToken: string) {
  await page.goto('/api/health');
  await page.addScriptTag({ content: readFileSync(SIGNALR_BROWSER, 'utf8') });
  await page.evaluate(async (token) => {
    window.__payments = [];
    const connection = new window.signalR.HubConnectionBuilder()
      .withUrl('/hubs/paymentNotificationHub', { accessTokenFactory: () => token })
      .build();
    connection.on('PaymentNotification', (payload) => window.__payments.push(payload));
    await connection.start();
  }, accessToken);
}

async function pay(page: Page, request: APIRequestContext, accessToken: string, productId: string) {
  const res = await request.post('/api/Payments/create-payment-intent', {
    headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': `e2e-${Date.now()}` },
    data: { productId, successUrl: '/tokens?paid=1', failUrl: '/tokens?failed=1', sourcePath: '/tokens' },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as {
    orderId: string;
    paymentUrl: string;
    data: { link: { href: string } };
  };
  expect(body.data.link.href).toBe(body.paymentUrl);
  await page.goto(body.paymentUrl);
  return body.orderId;
}

async function received(listener: Page, orderId: string) {
  await expect
    .poll(() => listener.evaluate((id) => window.__payments.find((n) => n.orderId === id) ?? null, orderId), {
      timeout: 15_000,
    })
    .not.toBeNull();
  return listener.evaluate((id) => window.__payments.filter((n) => n.orderId === id), orderId);
}

test('a visitor pays a token pack without 3-D Secure and the hub tells them', async ({
  page,
  context,
  request,
}) => {
  const { accessToken, listener } = await listeningVisitor(context, request);

  const orderId = await pay(page, request, accessToken, 'tokens-550');
  await expect(page.getByRole('heading', { name: '550 tokens' })).toBeVisible();
  await fillCard(page, '4067429974719265', { name: 'E2E Visitor' });
  await page.waitForURL(/\/tokens\?paid=1/, { waitUntil: 'commit' });
  expect(new URL(page.url()).searchParams.get('orderId')).toBe(orderId);

  const [notification, ...duplicates] = await received(listener, orderId);
  expect(duplicates).toHaveLength(0);
  expect(notification).toMatchObject({
    success: true,
    amountPaid: 3999,
    currencyPaid: 'USD',
    remainingBalance: 600,
    product: { id: 'tokens-550' },
  });
});

test('a visitor passes 3-D Secure and the hub tells them', async ({ page, context, request }) => {
  const { accessToken, listener } = await listeningVisitor(context, request);

  const orderId = await pay(page, request, accessToken, 'tokens-350');
  await fillCard(page, '4000002760003184', { name: 'E2E Visitor' });
  await passThreeDs(page, '1234');
  await page.waitForURL(/\/tokens\?paid=1/, { waitUntil: 'commit' });
  const [ok] = await received(listener, orderId);
  expect(ok).toMatchObject({ success: true, remainingBalance: 350 });
});

test('a declined card sends the visitor to failUrl and the hub reports its code', async ({
  page,
  context,
  request,
}) => {
  const { accessToken, listener } = await listeningVisitor(context, request);

  const declinedOrder = await pay(page, request, accessToken, 'tokens-350');
  await fillCard(page, '4000000000003022', { name: 'E2E Visitor' });
  await page.waitForURL(/\/tokens\?failed=1/, { waitUntil: 'commit' });
  const [declined] = await received(listener, declinedOrder);
  expect(declined).toMatchObject({ success: false, errorCode: '3.02' });
});
