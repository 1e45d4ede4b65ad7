import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { signInRegistered, type RegisteredAccount } from './sign-in.ts';

/**
 * An active monthly subscription for `userId`, as `GET User` would carry it once payments exist; the suites
 * rewrite the real answer with it (the e2e stack runs no payment provider).
 */
export function activeSubscription(userId: unknown): Record<string, unknown> {
  return {
    id: 'sub-e2e',
    productId: 'monthly',
    priceId: null,
    startDate: '2026-01-01T00:00:00Z',
    endDate: null,
    status: 'active',
    userId,
    cancellationRequestedAt: null,
    paymentSystem: 'solidgate',
    periodType: 'month',
    periodValue: 1,
  };
}

/**
 * Signs the page in as a new registered user with a real monthly subscription (the API's test fixture, as a paid
 * order leaves it); answers their tokens and bearer headers.
 */
export async function signInSubscriber(
  page: Page,
  request: APIRequestContext,
  prefix = 'journeys',
): Promise<RegisteredAccount & { headers: { authorization: string } }> {
  const account = await signInRegistered(page, request, prefix);
  const headers = { authorization: `Bearer ${account.accessToken}` };
  const period = await request.post('/api/testing/user-period', {
    headers,
    data: { periodInMonths: 'monthly' },
  });
  expect(period.ok()).toBe(true);
  return { ...account, headers };
}

/** {@link signInSubscriber}, past the NSFW gate of Settings and the token shop (its confirmation, as the age gate sends it). */
export async function signInAdultSubscriber(page: Page, request: APIRequestContext, prefix = 'journeys') {
  const account = await signInSubscriber(page, request, prefix);
  await request.post('/api/User/nsfw-confirmation', { headers: account.headers, data: {} });
  return account;
}
