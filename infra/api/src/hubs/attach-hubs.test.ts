// The hubs mounted on the real API app and database: auth (401/410), chat replies paid through the ledger, notifications.

import { randomUUID } from 'node:crypto';
import { HttpTransportType } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { expect, it } from 'vitest';
import { describeEachBackend } from '../../test/backend-suites.ts';
import { CompanionEngineError, createPersonaEngine } from '../engines/companion/index.ts';
import type { CompanionEngine } from '../engines/companion/index.ts';
import { signAccessToken } from '../http/auth.ts';
import { chatsFeature } from '../features/chats/index.ts';
import { credit } from '../features/tokens/ledger.ts';
import type { ChatReplyItem } from './chat-replies.ts';
import { chatWithCharacter } from './chat-fixtures.ts';
import { HUB_TEST_KEY, useHubTestApp } from '../../test/hub-test-app.ts';

const persona = createPersonaEngine({ wordDelayMs: 0 });

/** The persona engine, except that a message containing FAIL breaks after one piece (an upstream dying mid-reply). */
const scriptedEngine: CompanionEngine = {
  name: 'scripted',
  async *reply(request, signal) {
    if (!request.userMessage.includes('FAIL')) {
      yield* persona.reply(request, signal);
      return;
    }
    yield 'Hmm';
    throw new CompanionEngineError('engine_stream_broken', 'upstream died');
  },
};

describeEachBackend('hubs on the API ($backend)', 'attached', (backend) => {
  const t = useHubTestApp(backend, { features: [chatsFeature()], engine: scriptedEngine });
  const { connect } = t;

  async function user(
    options: { deleted?: boolean; tokens?: number } = {},
  ): Promise<{ id: string; token: string }> {
    const id = randomUUID();
    await t.db.query('INSERT INTO users (id, is_anonymous, deleted_at) VALUES ($1, true, $2)', [
      id,
      options.deleted ? new Date() : null,
    ]);
    if (options.tokens)
      await t.db.transaction((tx) => credit(tx, { userId: id, amount: options.tokens!, reason: 'test' }));
    return { id, token: await signAccessToken(HUB_TEST_KEY, 3600, { id, isAnonymous: true }) };
  }

  const chatFor = (userId: string, locked = false) =>
    chatWithCharacter(t.db, userId, {
      locked,
      description: 'A warm barista who surfs at dawn.',
      persona: { occupation: 'barista', hobbies: ['surfing'], personality: 'Caregiver' },
    });

  /** A user credited `tokens`, their chat with Mia, and a started chat hub client of theirs. */
  async function chatting(tokens: number, transport?: HttpTransportType) {
    const who = await user({ tokens });
    const chatId = await chatFor(who.id);
    const c = connect('chatHub', who.token, transport);
    await c.start();
    return { who, chatId, c };
  }

  function run(
    c: HubConnection,
    ...args: unknown[]
  ): Promise<{ items: ChatReplyItem[]; error: string | null }> {
    return stream(c, 'SendMessage', ...args);
  }

  function stream(
    c: HubConnection,
    method: string,
    ...args: unknown[]
  ): Promise<{ items: ChatReplyItem[]; error: string | null }> {
    return new Promise((resolve) => {
      const items: ChatReplyItem[] = [];
      c.stream<ChatReplyItem>(method, ...args).subscribe({
        next: (i) => items.push(i),
        complete: () => resolve({ items, error: null }),
        error: (e) => resolve({ items, error: (e as Error).message }),
      });
    });
  }

  it('should refuse a bad token with 401 and a soft-deleted user with 410 at negotiate', async () => {
    const bad = await fetch(`${t.url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer nope' },
    });
    expect(bad.status).toBe(401);
    const deleted = await user({ deleted: true });
    await expect(connect('chatHub', deleted.token).start()).rejects.toThrow("Status code '410'");
  });

  it('should stream a reply, store both messages and spend one message price', async () => {
    const { who: alice, chatId, c } = await chatting(3, HttpTransportType.LongPolling);
    const { items, error } = await run(c, chatId, 'What do you do for work?');
    expect(error).toBeNull();
    expect(items[0]).toMatchObject({ kind: 'accepted', remainingTokens: 2 });
    const done = items.at(-1) as Extract<ChatReplyItem, { kind: 'completed' }>;
    expect(done.kind).toBe('completed');
    const rows = await t.db.query<{ sender: string; message: string }>(
      'SELECT sender, message FROM messages WHERE chat_id = $1 ORDER BY created_at, sender DESC',
      [chatId],
    );
    expect(rows).toEqual([
      { sender: 'user', message: 'What do you do for work?' },
      { sender: 'character', message: done.message.message },
    ]);
    const [balance] = await t.db.query<{ balance: number }>(
      'SELECT balance FROM token_balances WHERE user_id = $1',
      [alice.id],
    );
    expect(balance?.balance).toBe(2);
  });

  it('should refund the message price through the ledger when generation fails', async () => {
    const { who: carl, chatId, c } = await chatting(2);
    const { items, error } = await run(c, chatId, 'please FAIL');
    expect(error).toContain('generation_failed');
    expect(items.map((i) => i.kind)).toEqual(['accepted', 'text']);
    await expect
      .poll(
        async () =>
          (
            await t.db.query<{ balance: number }>('SELECT balance FROM token_balances WHERE user_id = $1', [
              carl.id,
            ])
          )[0]?.balance,
      )
      .toBe(2);
    const ledger = await t.db.query<{ delta: number; reason: string }>(
      'SELECT delta, reason FROM token_ledger WHERE user_id = $1 ORDER BY id',
      [carl.id],
    );
    expect(ledger.map((r) => [r.delta, r.reason])).toEqual([
      [2, 'test'],
      [-1, 'chat_message'],
      [1, 'chat_message_refund'],
    ]);
    const rows = await t.db.query<{ sender: string }>('SELECT sender FROM messages WHERE chat_id = $1', [
      chatId,
    ]);
    expect(rows.map((r) => r.sender)).toEqual(['user']);
  });

  it('should end with insufficient_tokens for an empty balance and chat_locked for a locked character', async () => {
    const poor = await user();
    const c = connect('chatHub', poor.token);
    await c.start();
    expect((await run(c, await chatFor(poor.id), 'hi')).error).toContain('insufficient_tokens');
    const rich = await user({ tokens: 5 });
    const r = connect('chatHub', rich.token);
    await r.start();
    expect((await run(r, await chatFor(rich.id, true), 'hi')).error).toContain('chat_locked');
    expect((await run(r, await chatFor(poor.id), 'hi')).error).toContain('chat_not_found');
  });

  it('should refuse a NUL or a lone surrogate with invalid_message, paying and storing nothing', async () => {
    const { who: alice, chatId, c } = await chatting(3);
    for (const text of ['a\u0000b', 'lone \ud800 high']) {
      const { items, error } = await run(c, chatId, text);
      expect(error, JSON.stringify(text)).toContain('invalid_message');
      expect(items).toEqual([]);
    }
    expect(await balanceOf(alice.id)).toBe(3);
    const stored = await t.db.query('SELECT id FROM messages WHERE chat_id = $1', [chatId]);
    expect(stored).toHaveLength(0);
  });

  async function balanceOf(userId: string): Promise<number | undefined> {
    const rows = await t.db.query<{ balance: number }>(
      'SELECT balance FROM token_balances WHERE user_id = $1',
      [userId],
    );
    return rows[0]?.balance;
  }

  // The client's message id (ADR 0220) makes a resend after a lost acknowledgement harmless.
  it('should answer a resend with the same client message id with the same messages, paid once', async () => {
    const { who: dana, chatId, c } = await chatting(5);
    const first = await run(c, chatId, 'Where do you surf?', 'client-1');
    expect(first.error).toBeNull();
    // Again on a new connection (the first one's acknowledgement was lost): the same reply, no second charge.
    const again = connect('chatHub', dana.token, HttpTransportType.LongPolling);
    await again.start();
    const second = await run(again, chatId, 'Where do you surf?', 'client-1');
    expect(second.error).toBeNull();
    expect(second.items).toEqual(first.items);
    // After the run left this instance's memory (a restart, another instance), the database answers.
    t.hubs.replies.forget(first.items[0]!.replyId);
    const third = await run(again, chatId, 'Where do you surf?', 'client-1');
    const [accepted, completed] = third.items;
    expect(accepted).toMatchObject({
      kind: 'accepted',
      userMessage: { id: (first.items[0] as { userMessage: { id: string } }).userMessage.id },
    });
    expect(completed).toMatchObject({
      kind: 'completed',
      message: (first.items.at(-1) as { message: object }).message,
    });
    expect(await balanceOf(dana.id)).toBe(4);
    const rows = await t.db.query('SELECT 1 FROM messages WHERE chat_id = $1', [chatId]);
    expect(rows).toHaveLength(2);
    // A new id is a new message, paid again; the same id in another chat is another send.
    expect((await run(c, chatId, 'Where do you surf?', 'client-2')).error).toBeNull();
    expect((await run(c, await chatFor(dana.id), 'Hi', 'client-1')).error).toBeNull();
    expect(await balanceOf(dana.id)).toBe(2);
  });

  it('should store one message when two sends with one client id race', async () => {
    const erin = await user({ tokens: 5 });
    const chatId = await chatFor(erin.id);
    const a = connect('chatHub', erin.token);
    const b = connect('chatHub', erin.token);
    await Promise.all([a.start(), b.start()]);
    const [one, two] = await Promise.all([run(a, chatId, 'Race!', 'same'), run(b, chatId, 'Race!', 'same')]);
    const ids = [one, two].map(
      (r) => (r.items[0] as { userMessage?: { id: string } } | undefined)?.userMessage?.id,
    );
    expect(one.error).toBeNull();
    expect(two.error).toBeNull();
    expect(ids[0]).toBe(ids[1]);
    expect(await balanceOf(erin.id)).toBe(4);
  });

  it('should replay a refunded send as failed without charging it again', async () => {
    const { who: finn, chatId, c } = await chatting(3);
    expect((await run(c, chatId, 'please FAIL', 'f-1')).error).toContain('generation_failed');
    await expect.poll(() => balanceOf(finn.id)).toBe(3);
    const again = await run(c, chatId, 'please FAIL', 'f-1');
    expect(again.error).toContain('generation_failed');
    expect(await balanceOf(finn.id)).toBe(3);
  });

  // Regenerate keeps every alternative on the reply, priced like a message.
  it('should regenerate the last reply as a new alternative, priced like a message, and choose between them', async () => {
    const { who: gina, chatId, c } = await chatting(5);
    expect((await stream(c, 'RegenerateReply', chatId)).error).toContain('nothing_to_regenerate');
    const sent = await run(c, chatId, 'What do you do for work?');
    const original = (sent.items.at(-1) as Extract<ChatReplyItem, { kind: 'completed' }>).message;
    const regen = await stream(c, 'RegenerateReply', chatId, 'regen-1');
    expect(regen.error).toBeNull();
    expect(regen.items[0]).toMatchObject({
      kind: 'accepted',
      regenerates: original.id,
      remainingTokens: 3,
    });
    const done = (regen.items.at(-1) as Extract<ChatReplyItem, { kind: 'completed' }>).message;
    expect(done.id).toBe(original.id);
    expect(done.alternatives).toEqual([original.message, done.message]);
    expect(done.alternativeIndex).toBe(1);
    // A resend of the same regenerate pays nothing and adds nothing.
    expect((await stream(c, 'RegenerateReply', chatId, 'regen-1')).error).toBeNull();
    expect(await balanceOf(gina.id)).toBe(3);
    const auth = { authorization: `Bearer ${gina.token}` };
    const chosen = await t.app.inject({
      method: 'POST',
      url: '/api/Chats/choose-alternative',
      headers: auth,
      payload: { messageId: original.id, index: 0 },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toMatchObject({ message: original.message, alternativeIndex: 0 });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/Chats/choose-alternative',
      headers: auth,
      payload: { messageId: original.id, index: 2 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('index');
    const stranger = await user();
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/Chats/choose-alternative',
      headers: { authorization: `Bearer ${stranger.token}` },
      payload: { messageId: original.id, index: 0 },
    });
    expect(foreign.statusCode).toBe(403);
    const rows = await t.db.query<{ message: string }>(
      "SELECT message FROM messages WHERE chat_id = $1 AND sender = 'character'",
      [chatId],
    );
    expect(rows).toEqual([{ message: original.message }]);
  });

  it('should deliver PaymentNotification and RegistrationNotification to every connection of the user', async () => {
    const bob = await user();
    const tab1 = connect('paymentNotificationHub', bob.token);
    const tab2 = connect('paymentNotificationHub', bob.token, HttpTransportType.LongPolling);
    const reg = connect('registrationNotificationHub', bob.token);
    const got: unknown[] = [];
    tab1.on('PaymentNotification', (n) => got.push(['tab1', n]));
    tab2.on('PaymentNotification', (n) => got.push(['tab2', n]));
    reg.on('RegistrationNotification', (n) => got.push(['reg', n]));
    await Promise.all([tab1.start(), tab2.start(), reg.start()]);
    const payment = {
      success: true,
      product: null,
      amountPaid: 1999,
      currencyPaid: 'USD',
      subscription: null,
      remainingBalance: 550,
    };
    await t.hubs.notify.payment(bob.id, payment);
    await t.hubs.notify.registration(bob.id, {
      userId: bob.id,
      tokens: { accessToken: 'a', refreshToken: 'r' },
    });
    await expect.poll(() => got.length).toBe(3);
    expect(got).toContainEqual(['tab1', payment]);
    expect(got).toContainEqual(['tab2', payment]);
    expect(got).toContainEqual(['reg', { userId: bob.id, tokens: { accessToken: 'a', refreshToken: 'r' } }]);
  });
});
