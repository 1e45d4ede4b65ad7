import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A registered account's session, as the magic-link sign-in answers it. */
export interface RegisteredAccount {
  email: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Registers a new user the way a person does: `Authenticate/register` mails a link (an e-mail becomes an account's
 * identity only when its owner follows it), the link is read from the development mail viewer and followed.
 */
export async function registerAccount(
  request: APIRequestContext,
  prefix = 'e2e',
  password = 'E2e-pass-12345',
  origin = '',
): Promise<RegisteredAccount> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await request.post(`${origin}/api/Authenticate/register`, { data: { email, password } });
  if (!response.ok()) throw new Error(`register answered ${response.status()}: ${await response.text()}`);
  const code = await magicCodeFor(request, email, origin);
  const signIn = await request.post(`${origin}/api/Authenticate/magic-link-login`, {
    data: { MagicLinkCode: code },
  });
  if (!signIn.ok()) throw new Error(`magic-link-login answered ${signIn.status()}: ${await signIn.text()}`);
  const { accessToken, refreshToken } = (await signIn.json()) as {
    accessToken: string;
    refreshToken: string;
  };
  return { email, accessToken, refreshToken };
}

/**
 * The newest magic-link code mailed to `email` (the loopback-only viewer, DEV_MAIL_VIEWER=1); plain polling, so the
 * benches can use it outside a test.
 */
export async function magicCodeFor(request: APIRequestContext, email: string, origin = ''): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const outbox = await request.get(`${origin}/api/dev/outbox`);
    const { messages } = (await outbox.json()) as { messages: Array<{ to: string; text: string }> };
    const code = /MagicCode=([A-Za-z0-9_-]+)/.exec(messages.find((m) => m.to === email)?.text ?? '')?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no magic link was mailed to ${email}`);
}

/**
 * A new anonymous visitor as the shell makes one on its first load (`Authenticate/pre-register` on /tokens), with a
 * fingerprint of its own starting with `prefix`.
 */
export async function preRegisterVisitor(
  request: APIRequestContext,
  prefix: string,
): Promise<{ accessToken: string; generatedUserId: string }> {
  const res = await request.post('/api/Authenticate/pre-register', {
    data: {
      fingerprint: `${prefix}-${Date.now()}-${Math.random()}`,
      isNConfirmed: false,
      isSConfirmed: false,
      pathname: '/tokens',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { accessToken: string; generatedUserId: string };
}

/** Seeds the shell's persisted auth before any script runs, so the page opens signed in as `tokens`' user. */
export async function seedSession(page: Page, tokens: { accessToken: string; refreshToken: string }) {
  const { accessToken, refreshToken } = tokens;
  await page.addInitScript(
    `localStorage.setItem('persist:auth', ${JSON.stringify(
      JSON.stringify({ isAuth: true, accessToken, refreshToken, isSoftDeleted: false, inAppAuthToken: null }),
    )})`,
  );
}

/** Registers a new user ({@link registerAccount}) and signs the page in as them; returns their tokens. */
export async function signInRegistered(
  page: Page,
  request: APIRequestContext,
  prefix = 'e2e',
): Promise<RegisteredAccount> {
  const account = await registerAccount(request, prefix);
  await seedSession(page, account);
  return account;
}

/**
 * {@link signInRegistered} with `tokens` credited through the API's test fixture (what a token purchase does;
 * COMPANION_TEST_FIXTURES=1); answers the bearer headers for further API calls as the user.
 */
export async function signInWithTokens(
  page: Page,
  request: APIRequestContext,
  tokens: number,
  prefix = 'e2e',
): Promise<{ email: string; accessToken: string; headers: { authorization: string } }> {
  const { email, accessToken } = await signInRegistered(page, request, prefix);
  const headers = { authorization: `Bearer ${accessToken}` };
  if (tokens > 0) {
    const credit = await request.post('/api/testing/user-tokens', { headers, data: { amount: tokens } });
    expect(credit.ok()).toBe(true);
  }
  return { email, accessToken, headers };
}

/** The access token the page keeps (000 §3 "Auth state", `persist:auth`). */
export const storedAccessToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as { accessToken?: string }).accessToken,
  );

/** Confirms adult content for the user through the API (the NSFW gate in front of /tokens and /settings). */
export async function confirmNsfw(request: APIRequestContext, headers: Record<string, string>) {
  const nsfw = await request.post('/api/User/nsfw-confirmation', { headers, data: { isConfirmed: true } });
  expect(nsfw.ok()).toBe(true);
}

/** {@link confirmNsfw} from the page, as the signed-in user it keeps (`persist:auth`). */
export async function confirmNsfwInPage(page: Page) {
  const status = await page.evaluate(async () => {
    const { accessToken } = JSON.parse(localStorage.getItem('persist:auth') ?? '{}') as {
      accessToken?: string;
    };
    const response = await fetch('/api/User/nsfw-confirmation', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ isConfirmed: true }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}
