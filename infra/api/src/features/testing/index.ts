import { z } from 'zod';
import { expireSubscription, startOrExtendSubscription } from '../../db/payment-state.ts';
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

/** The catalogue plan each period stands for (migration 0200). */
const PLAN_OF_PERIOD = {
  monthly: 'sub-1m',
  quarterly: 'sub-3m',
  annually: 'sub-12m',
  lifetime: 'sub-lifetime',
} as const;

/**
 * Test fixtures: `POST testing/user-period` gives the caller a real subscription row of that period (or ends it
 * for `none`), exactly as a paid order would, without a payment; `periodInMonths` and `activeSubscription` follow
 * from it. Mounted only when `COMPANION_TEST_FIXTURES=1`; otherwise the routes do not exist (404).
 */
export const testingFeature: FeaturePlugin = async (app, deps) => {
  if (!deps.config.testFixtures) return;
  app.post('/testing/user-period', { preHandler: app.authenticate }, async (request) => {
    // Like the mail viewer: a fixture route answers only clients on this machine, even when switched on.
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for POST /api/testing/user-period.');
    const user = currentUser(request);
    const { periodInMonths } = parseBody(UserPeriod, request.body);
    const now = deps.now();
    await deps.db.transaction(async (tx) => {
      if (periodInMonths === 'none') await expireSubscription(tx, user.id, now);
      else
        await startOrExtendSubscription(tx, {
          userId: user.id,
          productId: PLAN_OF_PERIOD[periodInMonths],
          paymentSystem: 'solidgate',
          now,
        });
    });
    return { periodInMonths };
  });
};
