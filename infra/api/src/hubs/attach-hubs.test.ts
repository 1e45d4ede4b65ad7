// The hubs mounted on the real API app and database: auth (401/410), chat replies paid through the ledger, notifications.

import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, openTestDatabase, testConfig } from '../../test/harness.ts';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { CompanionEngineError, createPersonaEngine } from '../engines/companion/index.ts';
import type { CompanionEngine } from '../engines/companion/index.ts';
import { signAccessToken } from '../http/auth.ts';
import { credit } from '../features/tokens/ledger.ts';
import { attachHubs } from './attach-hubs.ts';
import type { ApiHubs } from './attach-hubs.ts';
import type { ChatReplyItem } from './chat-replies.ts';

const KEY = new TextEncoder().encode('test-secret-test-secret-test-secret');
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

describe.each(BACKENDS)('hubs on the API ($backend)', ({ backend, available }) => {
  describe.skipIf(!available)('attached', () => {
    let app: FastifyInstance;
    let db: Database;
    let hubs: ApiHubs;
    let url: string;
    let cleanup: () => Promise<void>;
    const clients: HubConnection[] = [];

    beforeAll(async () => {
      const opened = await openTestDatabase(backend);
      db = opened.db;
      cleanup = opened.cleanup;
      const config = testConfig();
      app = await buildApp({ config, db, jwtKey: KEY, features: [] });
      hubs = attachHubs(app, {
        config,
        db,
        jwtKey: KEY,
        engine: scriptedEngine,
        env: {},
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      await Promise.all(clients.map((c) => c.stop()));
      // The Node client leaves idle sockets that never sent a request; they would hold server.close() open.
      const closing = app?.close();
      app?.server.closeAllConnections();
      await closing;
      await cleanup?.();
    });

    async function user(
      options: { deleted?: boolean; tokens?: number } = {},
    ): Promise<{ id: string; token: string }> {
      const id = randomUUID();
      await db.query('INSERT INTO users (id, is_anonymous, deleted_at) VALUES ($1, true, $2)', [
        id,
        options.deleted ? new Date() : null,
      ]);
      if (options.tokens)
        await db.transaction((tx) => credit(tx, { userId: id, amount: options.tokens!, reason: 'test' }));
      return { id, token: await signAccessToken(KEY, 3600, { id, isAnonymous: true }) };
    }

    async function chatFor(userId: string, locked = false): Promise<string> {
      const personId = randomUUID();
      await db.query(
        `INSERT INTO person_models (id, first_name, age, is_anime, is_locked, description, persona)
         VALUES ($1, 'Mia', 25, false, $2, 'A warm barista who surfs at dawn.', $3)`,
        [
          personId,
          locked,
          JSON.stringify({ occupation: 'barista', hobbies: ['surfing'], personality: 'Caregiver' }),
        ],
      );
      const chatId = randomUUID();
      await db.query('INSERT INTO chats (id, user_id, person_model_id) VALUES ($1, $2, $3)', [
        chatId,
        userId,
        personId,
      ]);
      return chatId;
    }

    function connect(hub: string, token: string, transport = HttpTransportType.WebSockets): HubConnection {
      const c = new HubConnectionBuilder()
        .withUrl(`${url}/hubs/${hub}`, { transport, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      clients.push(c);
      return c;
    }

    function run(
      c: HubConnection,
      ...args: unknown[]
    ): Promise<{ items: ChatReplyItem[]; error: string | null }> {
      return new Promise((resolve) => {
        const items: ChatReplyItem[] = [];
        c.stream<ChatReplyItem>('SendMessage', ...args).subscribe({
          next: (i) => items.push(i),
          complete: () => resolve({ items, error: null }),
          error: (e) => resolve({ items, error: (e as Error).message }),
        });
      });
    }

    it('should refuse a bad token with 401 and a soft-deleted user with 410 at negotiate', async () => {
      const bad = await fetch(`${url}/hubs/chatHub/negotiate?negotiateVersion=1`, {
        method: 'POST',
        headers: { Authorization: 'Bearer nope' },
      });
      expect(bad.status).toBe(401);
      const deleted = await user({ deleted: true });
      await expect(connect('chatHub', deleted.token).start()).rejects.toThrow("Status code '410'");
    });

    it('should stream a reply, store both messages and spend one message price', async () => {
      const alice = await user({ tokens: 3 });
      const chatId = await chatFor(alice.id);
      const c = connect('chatHub', alice.token, HttpTransportType.LongPolling);
      await c.start();
      const { items, error } = await run(c, chatId, 'What do you do for work?');
      expect(error).toBeNull();
      expect(items[0]).toMatchObject({ kind: 'accepted', remainingTokens: 2 });
      const done = items.at(-1) as Extract<ChatReplyItem, { kind: 'completed' }>;
      expect(done.kind).toBe('completed');
      const rows = await db.query<{ sender: string; message: string }>(
        'SELECT sender, message FROM messages WHERE chat_id = $1 ORDER BY created_at, sender DESC',
        [chatId],
      );
      expect(rows).toEqual([
        { sender: 'user', message: 'What do you do for work?' },
        { sender: 'character', message: done.message.message },
      ]);
      const [balance] = await db.query<{ balance: number }>(
        'SELECT balance FROM token_balances WHERE user_id = $1',
        [alice.id],
      );
      expect(balance?.balance).toBe(2);
    });

    it('should refund the message price through the ledger when generation fails', async () => {
      const carl = await user({ tokens: 2 });
      const chatId = await chatFor(carl.id);
      const c = connect('chatHub', carl.token);
      await c.start();
      const { items, error } = await run(c, chatId, 'please FAIL');
      expect(error).toContain('generation_failed');
      expect(items.map((i) => i.kind)).toEqual(['accepted', 'text']);
      await expect
        .poll(
          async () =>
            (
              await db.query<{ balance: number }>('SELECT balance FROM token_balances WHERE user_id = $1', [
                carl.id,
              ])
            )[0]?.balance,
        )
        .toBe(2);
      const ledger = await db.query<{ delta: number; reason: string }>(
        'SELECT delta, reason FROM token_ledger WHERE user_id = $1 ORDER BY id',
        [carl.id],
      );
      expect(ledger.map((r) => [r.delta, r.reason])).toEqual([
        [2, 'test'],
        [-1, 'chat_message'],
        [1, 'chat_message_refund'],
      ]);
      const rows = await db.query<{ sender: string }>('SELECT sender FROM messages WHERE chat_id = $1', [
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
      await hubs.notify.payment(bob.id, payment);
      await hubs.notify.registration(bob.id, {
        userId: bob.id,
        tokens: { accessToken: 'a', refreshToken: 'r' },
      });
      await expect.poll(() => got.length).toBe(3);
      expect(got).toContainEqual(['tab1', payment]);
      expect(got).toContainEqual(['tab2', payment]);
      expect(got).toContainEqual([
        'reg',
        { userId: bob.id, tokens: { accessToken: 'a', refreshToken: 'r' } },
      ]);
    });
  });
});
