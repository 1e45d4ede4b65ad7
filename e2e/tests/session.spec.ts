import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { E2E_DATA_DIR } from '../support/env.ts';
import { startFreshStack, stopStack } from '../support/stack.ts';

// The visitor lifecycle against the real API. This file runs its own stack in development mode: the magic-link
// tests read the API's development outbox, which the production-mode suite stack does not serve.
const PORT = Number(process.env['E2E_SESSION_PORT'] ?? 3320);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(E2E_DATA_DIR, '..', '.data-session');

interface Hooks {
  transport: { request<T>(path: string, init?: Record<string, unknown>): Promise<T> };
  session: {
    snapshot(): { session: { status: string; userId: string | null }; user: { email: string | null } | null };
    requestMagicLink(email: string, destination: 'settings' | 'main'): Promise<void>;
    logout(): Promise<void>;
  };
  hubs: {
    state(hub: string): string;
    listenedBus(view: { subscribe(name: string, listener: () => void): unknown }): {
      subscribe(name: string, listener: () => void): unknown;
    };
  };
}
declare global {
  interface Window {
    __companionShell?: Hooks;
  }
}

let stack: ChildProcess | undefined;

/**
 * What checkout does when it waits for a payment: listen for `payment:notification-received` through its bus view,
 * which opens the notification hubs (until then a visitor downloads no SignalR client, ADR 0236).
 */
async function listenForPayments(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__companionShell !== undefined);
  await page.evaluate(() =>
    window
      .__companionShell!.hubs.listenedBus({ subscribe: () => ({}) })
      .subscribe('payment:notification-received', () => undefined),
  );
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startFreshStack(PORT, DATA_DIR, {
    NODE_ENV: 'development',
    PUBLIC_URL: ORIGIN,
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  });
});

test.afterAll(async () => {
  if (stack?.pid) await stopStack(stack.pid);
});

test.beforeEach(async ({ page }) => {
  page.on('console', (m) => {
    if (process.env['E2E_DEBUG']) console.log('[page]', m.type(), m.text());
  });
  page.on('response', (r) => {
    if (process.env['E2E_DEBUG'] && r.url().includes('/api/'))
      console.log('[api]', r.request().method(), r.url().slice(22), r.status());
  });
  await page.addInitScript(() => sessionStorage.setItem('companion:test-hooks', '1'));
});

/** Counts API calls by path as the browser makes them. */
function countApi(page: Page) {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) {
      const key = `${request.method()} ${url.pathname.slice(5)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  });
  return (key: string) => counts.get(key) ?? 0;
}

const storedAuth = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as Record<string, unknown>);

/** Waits until the session knows who the visitor is (anonymous or registered) and returns the snapshot. */
async function settled(page: Page) {
  await expect
    .poll(
      () => page.evaluate(() => window.__companionShell?.session.snapshot().session.status ?? 'no hooks'),
      {
        message: 'session status',
      },
    )
    .toMatch(/^(anonymous|registered)$/);
  return page.evaluate(() => window.__companionShell!.session.snapshot());
}

test('should create exactly one anonymous user on a first visit and keep it across a reload', async ({
  page,
}) => {
  const count = countApi(page);
  await page.goto(`${ORIGIN}/?utm_source=tiktok`);
  const first = await settled(page);
  expect(first.session.status).toBe('anonymous');
  expect(first.user?.email ?? null).toBeNull();
  expect(count('POST Authenticate/pre-register')).toBe(1);
  const auth = await storedAuth(page);
  expect(auth).toMatchObject({ isAuth: false, isSoftDeleted: false });
  const claims = JSON.parse(
    Buffer.from(String(auth['accessToken']).split('.')[1]!, 'base64url').toString(),
  ) as Record<string, unknown>;
  expect(claims['webpage']).toBe('/');
  expect(claims['sub']).toBe(first.session.userId);
  expect(await page.evaluate(() => localStorage.getItem('persist:generatedUserId'))).toBe(
    first.session.userId,
  );
  // The fingerprint is real: a hash, sent with the pre-register.
  // No hub until something listens for a payment; then both notification hubs open for this visitor.
  expect(await page.evaluate(() => window.__companionShell!.hubs.state('paymentNotificationHub'))).toBe(
    'Disconnected',
  );
  await listenForPayments(page);
  await expect
    .poll(() => page.evaluate(() => window.__companionShell!.hubs.state('paymentNotificationHub')))
    .toBe('Connected');
  await expect
    .poll(() => page.evaluate(() => window.__companionShell!.hubs.state('registrationNotificationHub')))
    .toBe('Connected');

  await page.reload();
  const second = await settled(page);
  expect(second.session.userId).toBe(first.session.userId);
  expect(count('POST Authenticate/pre-register')).toBe(1);
});

test('should send the fingerprint hash with the pre-register', async ({ page }) => {
  const body = page.waitForRequest((r) => r.url().endsWith('/api/Authenticate/pre-register'));
  await page.goto(`${ORIGIN}/pricing`);
  const sent = JSON.parse((await body).postData() ?? '{}') as Record<string, unknown>;
  expect(sent).toMatchObject({ isNConfirmed: false, isSConfirmed: false, pathname: '/pricing' });
  expect(String(sent['fingerprint'])).toMatch(/^[0-9a-f]{8,}$/);
});

test('should refresh exactly once for 20 parallel requests with an expired token', async ({ page }) => {
  await page.goto(`${ORIGIN}/`);
  const before = await settled(page);
  const count = countApi(page);
  // Same token, exp moved into the past: the client must not send it (the API would accept it).
  await page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem('persist:auth')!) as { accessToken: string };
    const [head, payload, sig] = auth.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp: number };
    claims.exp = Math.floor(Date.now() / 1000) - 60;
    const encoded = btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    auth.accessToken = `${head}.${encoded}.${sig}`;
    localStorage.setItem('persist:auth', JSON.stringify(auth));
  });
  const ids = await page.evaluate(() =>
    Promise.all(
      Array.from({ length: 20 }, () =>
        window.__companionShell!.transport.request<{ id: string }>('User').then((u) => u.id),
      ),
    ),
  );
  expect(new Set(ids)).toEqual(new Set([before.session.userId]));
  expect(count('POST Authenticate/refresh-generated-user-token')).toBe(1);
  expect(count('POST Authenticate/refresh-token')).toBe(0);
  expect(count('POST Authenticate/pre-register')).toBe(0);
  expect(count('GET User')).toBeGreaterThanOrEqual(40);
});

test('should recover a soft-deleted account with a new user and go to /', async ({ page }) => {
  await page.goto(`${ORIGIN}/`);
  const before = await settled(page);
  await page.evaluate(() => window.__companionShell!.transport.request('User', { method: 'DELETE' }));
  await page.evaluate(() => window.history.pushState({}, '', '/pricing'));
  const count = countApi(page);
  const user = await page.evaluate(() => window.__companionShell!.transport.request<{ id: string }>('User'));
  expect(user.id).not.toBe(before.session.userId);
  expect(count('POST Authenticate/pre-register')).toBe(1);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  expect(await storedAuth(page)).toMatchObject({ isSoftDeleted: false });
  await expect
    .poll(() => page.evaluate(() => window.__companionShell!.session.snapshot().session.userId))
    .toBe(user.id);
});

test('should recover a soft-deleted account on the next load with exactly one new user, hubs included', async ({
  page,
}) => {
  await page.goto(`${ORIGIN}/`);
  const before = await settled(page);
  await page.evaluate(() => window.__companionShell!.transport.request('User', { method: 'DELETE' }));
  const count = countApi(page);
  // A full load with the deleted account's (still unexpired) tokens: API calls and hub negotiates all answer 410.
  await page.goto(`${ORIGIN}/pricing`);
  await listenForPayments(page);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await expect
    .poll(() => page.evaluate(() => window.__companionShell!.hubs.state('paymentNotificationHub')))
    .toBe('Connected');
  const after = await settled(page);
  expect(after.session.userId).not.toBe(before.session.userId);
  expect(count('POST Authenticate/pre-register')).toBe(1);
  expect(await storedAuth(page)).toMatchObject({ isSoftDeleted: false });
});

/** The newest magic link mailed to `email`, from the development outbox. */
async function magicLinkFor(page: Page, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await page.request.get(`${ORIGIN}/api/dev/outbox`);
      const { messages } = (await response.json()) as { messages: { to: string; text: string }[] };
      link = messages.find((m) => m.to === email)?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

test('should sign in with a magic link, then treat a reused link as expired', async ({ page }) => {
  const email = `magic-${Date.now()}@example.com`;
  await page.goto(`${ORIGIN}/`);
  const guest = await settled(page);
  await page.evaluate((to) => window.__companionShell!.session.requestMagicLink(to, 'main'), email);
  const link = await magicLinkFor(page, email);
  expect(new URL(link).searchParams.get('destination')).toBe('main');

  await page.goto(link);
  await expect
    .poll(() => page.evaluate(() => window.__companionShell?.session.snapshot().user?.email ?? null))
    .toBe(email);
  await expect(page).toHaveURL(`${ORIGIN}/`);
  const registered = await page.evaluate(() => window.__companionShell!.session.snapshot());
  expect(registered.session.status).toBe('registered');
  // Sign-up upgrades the anonymous user in place (ADR 0011).
  expect(registered.session.userId).toBe(guest.session.userId);
  expect(await storedAuth(page)).toMatchObject({ isAuth: true });
  expect(await page.evaluate(() => localStorage.getItem('persist:generatedUserId'))).toBeNull();

  // A used (or expired) link: back to main, the login modal in its expired mode.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link.replace('destination=main', 'destination=settings'));
  await expect(page.getByTestId('auth-expired')).toBeVisible();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await settled(page);
});

test('should log out to / after the delay and start a new anonymous visitor', async ({ page }) => {
  const email = `logout-${Date.now()}@example.com`;
  await page.goto(`${ORIGIN}/`);
  await settled(page);
  await page.evaluate((to) => window.__companionShell!.session.requestMagicLink(to, 'main'), email);
  await page.goto(await magicLinkFor(page, email));
  await expect
    .poll(() => page.evaluate(() => window.__companionShell?.session.snapshot().user?.email ?? null))
    .toBe(email);
  const member = await page.evaluate(() => window.__companionShell!.session.snapshot().session.userId);

  await page.evaluate(() => window.history.pushState({}, '', '/pricing'));
  const count = countApi(page);
  await page.evaluate(() => window.__companionShell!.session.logout());
  expect(await storedAuth(page)).toMatchObject({ isAuth: false, accessToken: null, refreshToken: null });
  await expect(page).toHaveURL(`${ORIGIN}/`);
  const after = await settled(page);
  expect(after.session.status).toBe('anonymous');
  expect(after.session.userId).not.toBe(member);
  expect(count('POST Authenticate/pre-register')).toBe(1);
});

test('should hand an in-app browser session over to the real browser through savedInfoId', async ({
  browser,
}) => {
  const inApp = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 300.0.0',
  });
  const real = await browser.newContext();
  try {
    const page = await inApp.newPage();
    await page.addInitScript(() => sessionStorage.setItem('companion:test-hooks', '1'));
    await page.goto(`${ORIGIN}/?utm_source=instagram`);
    const visitor = await settled(page);
    await expect(page).toHaveURL(/[?&]savedInfoId=[0-9a-f-]{36}/);
    const handOver = page.url();

    const other = await real.newPage();
    await other.addInitScript(() => sessionStorage.setItem('companion:test-hooks', '1'));
    const count = countApi(other);
    await other.goto(handOver);
    const taken = await settled(other);
    expect(taken.session.userId).toBe(visitor.session.userId);
    expect(count('GET Authenticate/get-auth-token-info')).toBe(1);
    expect(count('POST Authenticate/pre-register')).toBe(0);
  } finally {
    await inApp.close();
    await real.close();
  }
});
