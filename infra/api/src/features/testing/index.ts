import { z } from 'zod';
import { currentUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody } from '../../http/validate.ts';
import { isLoopbackAddress } from '../support/index.ts';

const UserPeriod = z
  .object({
    periodInMonths: z.enum(['none', 'monthly', 'quarterly', 'annually', 'lifetime'], {
      message: 'periodInMonths must be none, monthly, quarterly, annually or lifetime.',
    }),
  })
  .strict();

const UserTokens = z
  .object({ amount: z.int({ message: 'amount must be a whole number of tokens.' }).min(1).max(100_000) })
  .strict();

/**
 * Test fixtures for what only payments will set (the payments issue replaces them): `POST testing/user-period`
 * sets the caller's plan period, so the suites get users of each period from the API. Mounted only when
 * `COMPANION_TEST_FIXTURES=1`; otherwise the routes do not exist (404). `POST testing/user-tokens { amount }`
 * credits the caller through the ledger (what a token purchase will do), so suites can afford unlocks.
 */
export const testingFeature: FeaturePlugin = async (app, deps) => {
  if (!deps.config.testFixtures) return;
  app.post('/testing/user-period', { preHandler: app.authenticate }, async (request) => {
    // Like the mail viewer: a fixture route answers only clients on this machine, even when switched on.
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for POST /api/testing/user-period.');
    const user = currentUser(request);
    const { periodInMonths } = parseBody(UserPeriod, request.body);
    await deps.db.query('UPDATE users SET period_in_months = $2 WHERE id = $1', [user.id, periodInMonths]);
    return { periodInMonths };
  });
  app.post('/testing/user-tokens', { preHandler: app.authenticate }, async (request) => {
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for POST /api/testing/user-tokens.');
    const user = currentUser(request);
    const { amount } = parseBody(UserTokens, request.body);
    const result = await deps.db.transaction((tx) =>
      deps.ledger.credit(tx, { userId: user.id, amount, reason: 'test_fixture' }),
    );
    return { remainingTokens: result.balance, spentTokens: result.spent };
  });
};
