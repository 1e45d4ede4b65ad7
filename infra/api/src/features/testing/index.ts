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

const ChatHistory = z
  .object({
    chatId: z.uuid({ message: 'chatId must be a chat id.' }),
    count: z.number().int().min(1).max(5000),
  })
  .strict();

/**
 * Test fixtures for what only payments will set (the payments issue replaces them): `POST testing/user-period`
 * sets the caller's plan period, so the suites get users of each period from the API. Mounted only when
 * `COMPANION_TEST_FIXTURES=1`; otherwise the routes do not exist (404).
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
