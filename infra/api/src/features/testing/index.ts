import { z } from 'zod';
import { expireSubscription, startOrExtendSubscription } from '../../db/payment-state.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody } from '../../http/validate.ts';
import { setAdmin } from '../../http/admin.ts';
import { isLoopbackAddress } from '../../http/loopback.ts';

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

/** The catalogue plan each period stands for (migration 0200). */
const PLAN_OF_PERIOD = {
  monthly: 'sub-1m',
  quarterly: 'sub-3m',
  annually: 'sub-12m',
  lifetime: 'sub-lifetime',
} as const;

const ChatHistory = z
  .object({
    chatId: z.uuid({ message: 'chatId must be a chat id.' }),
    count: z.number().int().min(1).max(5000),
  })
  .strict();

/**
 * Test fixtures: `POST testing/user-period` gives the caller a real subscription row of that period (or ends it
 * for `none`), exactly as a paid order would, without a payment; `periodInMonths` and `activeSubscription` follow
 * from it. `POST testing/user-tokens { amount }` credits the caller through the ledger (what a token purchase
 * does), so suites can afford unlocks. `GET testing/feedback` lists the caller's `POST feedback` payloads. Mounted only when `COMPANION_TEST_FIXTURES=1`, for loopback clients;
 * otherwise the routes do not exist (404).
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

  // The ops page's and the funnel report's e2e need an admin; on a server the role is granted with `admin:grant`.
  app.post('/testing/user-admin', { preHandler: app.authenticate }, async (request) => {
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for POST /api/testing/user-admin.');
    const [row] = await setAdmin(deps.db, currentUser(request).id, true);
    return { isAdmin: row !== undefined };
  });

  // The API's own route table, so the bad-input suite covers every route, new ones included, without a list.
  app.get('/testing/routes', async (request) => {
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for GET /api/testing/routes.');
    return app.routeTable;
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

  // What the caller sent to `POST feedback`, newest first: the chat's "rate this reply" suite reads it back.
  app.get('/testing/feedback', { preHandler: app.authenticate }, async (request) => {
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for GET /api/testing/feedback.');
    const rows = await deps.db.query<{ payload: unknown }>(
      "SELECT payload FROM support_messages WHERE user_id = $1 AND kind = 'feedback' ORDER BY id DESC",
      [currentUser(request).id],
    );
    return { feedback: rows.map((row) => row.payload) };
  });

  // A long conversation for the chat remote's suites: `count` alternating messages in one of the caller's chats.
  app.post('/testing/chat-history', { preHandler: app.authenticate }, async (request) => {
    if (!isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for POST /api/testing/chat-history.');
    const user = currentUser(request);
    const { chatId, count } = parseBody(ChatHistory, request.body);
    const owned = await deps.db.query('SELECT id FROM chats WHERE id = $1 AND user_id = $2', [
      chatId,
      user.id,
    ]);
    if (owned.length === 0) throw new HttpError(404, 'chat_not_found', 'No chat with this id.', 'chatId');
    await deps.db.query(
      `INSERT INTO messages (id, chat_id, sender, message, is_seen, created_at)
       SELECT gen_random_uuid(), $1, CASE WHEN n % 2 = 1 THEN 'user' ELSE 'character' END,
              'Message ' || n || ' of ' || $2::int, true, now() - make_interval(secs => $2::int - n + 1)
       FROM generate_series(1, $2::int) AS n`,
      [chatId, count],
    );
    return { chatId, count };
  });
};
