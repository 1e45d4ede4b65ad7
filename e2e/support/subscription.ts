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
