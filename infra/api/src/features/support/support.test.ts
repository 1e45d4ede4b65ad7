import { describe, expect, it } from 'vitest';
import { CORE_FEATURES, buildApp } from '../../app.ts';
import { BACKENDS, bearer, preRegister, testConfig } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';
import { chatWithCharacter } from '../../hubs/chat-fixtures.ts';

describe.each(BACKENDS)('support on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('contact-us, feedback, outbox', () => {
    const t = testAppPerSuite(backend);

    it('should store a contact-us message and name the bad field', async () => {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: { email: 'a@example.com', message: 'Hello', subject: 'Billing' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().success).toBe(true);
      const rows = await t.db.query<{ email: string; payload: { subject: string } }>(
        "SELECT email, payload FROM support_messages WHERE kind = 'contact_us'",
      );
      expect(rows[0]).toMatchObject({ email: 'a@example.com', payload: { subject: 'Billing' } });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: { email: 'a@example.com', message: '' },
      });
      expect(bad.json().error.field).toBe('message');
      const badEmail = await t.app.inject({
        method: 'POST',
        url: '/api/contact-us',
        payload: { email: 'nope', message: 'x' },
      });
      expect(badEmail.json().error.field).toBe('email');
    });

    it('should store feedback tied to the caller when signed in', async () => {
      const s = await preRegister(t.app);
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/feedback',
        payload: { rating: 4, message: 'Nice' },
        headers: bearer(s.accessToken),
      });
      expect(ok.statusCode).toBe(200);
      const rows = await t.db.query<{ user_id: string }>(
        "SELECT user_id FROM support_messages WHERE kind = 'feedback'",
      );
      expect(rows[0]!.user_id).toBe(s.userId);
      const empty = await t.app.inject({ method: 'POST', url: '/api/feedback', payload: {} });
      expect(empty.json().error.field).toBe('message');
      const badRating = await t.app.inject({ method: 'POST', url: '/api/feedback', payload: { rating: 9 } });
      expect(badRating.json().error.field).toBe('rating');
    });

    it('should keep a reply’s rating with the reply it rates, and refuse another user’s reply', async () => {
      const s = await preRegister(t.app);
      const other = await preRegister(t.app);
      const chatId = await chatWithCharacter(t.db, s.userId);
      const theirChat = await chatWithCharacter(t.db, other.userId);
      const [replyId, userLineId, theirReplyId] = [
        crypto.randomUUID(),
        crypto.randomUUID(),
        crypto.randomUUID(),
      ];
      await t.db.query(
        `INSERT INTO messages (id, chat_id, sender, message) VALUES
         ($1, $4, 'character', 'Ooh, tell me more about rough yelled.'), ($2, $4, 'user', 'hi'),
         ($3, $5, 'character', 'Hey!')`,
        [replyId, userLineId, theirReplyId, chatId, theirChat],
      );
      const send = (payload: object, token: string | null = s.accessToken) =>
        t.app.inject({
          method: 'POST',
          url: '/api/feedback',
          payload,
          ...(token ? { headers: bearer(token) } : {}),
        });

      const ok = await send({
        category: 'chat_reply',
        messageId: replyId,
        reasons: ['nonsense', 'forgot'],
        message: 'She repeated my words back.',
      });
      expect(ok.statusCode).toBe(200);
      const rows = await t.db.query<{ user_id: string; payload: Record<string, unknown> }>(
        'SELECT user_id, payload FROM support_messages WHERE id = $1',
        [ok.json().id],
      );
      expect(rows[0]).toMatchObject({
        user_id: s.userId,
        payload: {
          messageId: replyId,
          chatId,
          reasons: ['nonsense', 'forgot'],
          message: 'She repeated my words back.',
          text: 'Ooh, tell me more about rough yelled.',
        },
      });

      const field = async (payload: object, token?: string | null) => {
        const res = await send(payload, token);
        return [res.statusCode, res.json().error.field];
      };
      expect(await field({ messageId: theirReplyId, reasons: ['forgot'] })).toEqual([404, 'messageId']);
      expect(await field({ messageId: userLineId, reasons: ['forgot'] })).toEqual([404, 'messageId']);
      expect(await field({ messageId: replyId, reasons: ['forgot'] }, null)).toEqual([401, 'messageId']);
      expect(await field({ messageId: 'nope', reasons: ['forgot'] })).toEqual([400, 'messageId']);
      expect((await field({ messageId: replyId, reasons: ['boring'] }))[1]).toMatch(/^reasons/);
      expect(await field({ messageId: replyId, reasons: ['forgot', 'forgot'] })).toEqual([400, 'reasons']);
      expect(await field({ messageId: replyId, reasons: [] })).toEqual([400, 'message']);
      expect(await field({ messageId: replyId, message: 'x'.repeat(5001) })).toEqual([400, 'message']);

      // The rating quotes the chat: deleting the account deletes it with the chats.
      const general = await send({ rating: 5, message: 'Great app' });
      expect(
        (await t.app.inject({ method: 'DELETE', url: '/api/User', headers: bearer(s.accessToken) }))
          .statusCode,
      ).toBe(204);
      const left = await t.db.query<{ id: string }>('SELECT id FROM support_messages WHERE user_id = $1', [
        s.userId,
      ]);
      expect(left.map((row) => Number(row.id))).toEqual([general.json().id]);
    });

    it('should store audio-call feedback and require a rating', async () => {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/feedback-audio-calls',
        payload: { rating: 5, callId: 'c1', durationSeconds: 62 },
      });
      expect(ok.statusCode).toBe(200);
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/feedback-audio-calls',
        payload: { comment: 'x' },
      });
      expect(bad.json().error.field).toBe('rating');
    });

    it('should not expose the outbox without the explicit DEV_MAIL_VIEWER flag, in any environment', async () => {
      // Regression (security issue, item 1): the outbox lists every sign-in link, so a public outbox lets
      // anyone request a link for someone's e-mail, read it there and sign in as them.
      await t.app.inject({
        method: 'POST',
        url: '/api/Authenticate/passwordless-login',
        payload: { email: 'victim@example.com' },
      });
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).statusCode).toBe(404);
      for (const env of ['development', 'production'] as const) {
        const app = await buildApp({ features: CORE_FEATURES, config: testConfig({ env }), db: t.db });
        const res = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('victim@example.com');
        await app.close();
      }
    });

    it('should show the outbox with DEV_MAIL_VIEWER=1 to loopback clients only', async () => {
      const viewer = await buildApp({
        features: CORE_FEATURES,
        config: testConfig({ devMailViewer: true }),
        db: t.db,
      });
      // Only mail sent while the viewer is on is kept readable (for its 15 minutes).
      await viewer.inject({
        method: 'POST',
        url: '/api/Authenticate/passwordless-login',
        payload: { email: 'box@example.com' },
      });
      const local = await viewer.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(local.json().messages[0]).toMatchObject({
        to: 'box@example.com',
        subject: 'Your sign-in link',
        sentAt: null,
      });
      const remote = await viewer.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        remoteAddress: '203.0.113.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('box@example.com');
      // Through the origin (a loopback proxy) the forwarded client address decides, not the socket's.
      const proxied = await viewer.inject({
        method: 'GET',
        url: '/api/dev/outbox',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expect(proxied.statusCode).toBe(404);
      await viewer.close();
    });
  });
});
