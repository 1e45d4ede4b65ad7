import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Registers a new user through the API and signs the page in as them by seeding the shell's persisted auth before
 * any script runs; returns their tokens for further API calls.
 */
export async function signInRegistered(
  page: Page,
  request: APIRequestContext,
  prefix = 'e2e',
): Promise<{ email: string; accessToken: string; refreshToken: string }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const response = await request.post('/api/Authenticate/register', {
    data: { email, password: 'E2e-pass-12345' },
  });
  expect(response.ok()).toBe(true);
  const { accessToken, refreshToken } = (await response.json()) as {
    accessToken: string;
    refreshToken: string;
  };
  await page.addInitScript(
    `localStorage.setItem('persist:auth', ${JSON.stringify(
      JSON.stringify({ isAuth: true, accessToken, refreshToken, isSoftDeleted: false, inAppAuthToken: null }),
    )})`,
  );
  return { email, accessToken, refreshToken };
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
