import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, preRegister } from '../../test/harness.ts';
import type { TestApp, TestSession } from '../../test/harness.ts';

// Five requests a minute per client, so the test reaches the budget with a handful of calls.
const PER_MINUTE = 5;

describe('the per-client API budget', () => {
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  beforeAll(async () => {
    t = await createTestApp('pglite', { config: { apiRateLimitPerMinute: PER_MINUTE } });
    // Pre-register comes from the test's address: two calls of its budget.
    alice = await preRegister(t.app);
    bob = await preRegister(t.app);
  });
  afterAll(async () => t?.close());

  const balance = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/Tokens/balance', headers });

  it('should answer a signed-in client over its budget with 429 JSON and Retry-After, and only that client', async () => {
    for (let i = 0; i < PER_MINUTE; i += 1)
      expect((await balance(bearer(alice.accessToken))).statusCode).toBe(200);
    const refused = await balance(bearer(alice.accessToken));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many requests from this client: retry in \d+ s\.$/),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user behind the same address keeps their own budget.
    expect((await balance(bearer(bob.accessToken))).statusCode).toBe(200);
  });

  it('should count requests without a valid token by address, a forged token included, and never health', async () => {
    const forged = { authorization: `Bearer ${alice.accessToken.slice(0, -2)}xx` };
    const answers: number[] = [];
    // Two pre-registers already spent two of the address's five.
    for (let i = 0; i < 3; i += 1) answers.push((await balance(forged)).statusCode);
    expect(answers).toEqual([401, 401, 401]);
    expect((await balance(forged)).statusCode).toBe(429);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
