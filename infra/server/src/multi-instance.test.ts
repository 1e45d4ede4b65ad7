// Two API instances and two origins on one PostgreSQL, one Redis and one remote store. Runs when
// PostgreSQL (127.0.0.1:5432) and Redis (127.0.0.1:6379) answer; reported skipped otherwise.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection, IStreamResult } from '@microsoft/signalr';
import { createDatabase, migrate, signAccessToken } from '@companion/api';
import type { CompanionEngine, Database } from '@companion/api';
import {
  chatWithCharacter,
  postgresAvailable,
  redisAnswers,
  TEST_PG_URL as PG_URL,
} from '@companion/api/testing';
import type { ChatReplyItem } from '@companion/contracts';
import { openStore } from '@companion/registry';
import { tempDir, writeFakeBuild } from '@companion/registry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInstance } from './testing/instance.ts';
import type { Instance, InstanceOptions } from './testing/instance.ts';
import { BLANK_INDEX, writeShell } from './testing/origin-fixtures.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const KEY = 'test-secret-test-secret-test-secret';
const CLIENT_ERROR_LIMIT = 3;

const available = (await postgresAvailable(PG_URL)) && (await redisAnswers());

/** The companion engine of the in-process instances: says its words only as the test releases them. */
function gatedEngine() {
  const words = ['Hello', ' there,', ' how', ' was', ' your', ' day', ' today?'];
  let released = 0;
  const wakers = new Set<() => void>();
  const engine: CompanionEngine = {
    name: 'gated',
    async *reply(_request, signal) {
      for (let i = 0; i < words.length; i++) {
        while (released <= i && !signal.aborted)
          await new Promise<void>((resolve) => {
            wakers.add(resolve);
            signal.addEventListener('abort', () => resolve(), { once: true });
          });
        if (signal.aborted) return;
        yield words[i] as string;
      }
    },
  };
  return {
    engine,
    words,
    release(count: number) {
      released += count;
      for (const wake of wakers) wake();
      wakers.clear();
    },
    reset() {
      released = 0;
    },
  };
}

describe.skipIf(!available)('two instances on PostgreSQL, Redis and one store', () => {
  const schema = `t_multi_${randomBytes(5).toString('hex')}`;
  const gate = gatedEngine();
  let root: string;
  let dataDir: string;
  const instances: Instance[] = [];
  const clients: HubConnection[] = [];
  const children: ChildProcess[] = [];

  const options = (): InstanceOptions => ({
    databaseUrl: PG_URL,
    schema,
    redisUrl: REDIS_URL,
    dataDir,
    shellDir: path.join(root, 'shell'),
    jwtSecret: KEY,
    // Counters expire with their one-minute window; the prefix keeps parallel runs apart.
    rateLimitNameSpace: `${schema}-rl:`,
    env: {
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      COMPANION_TEST_FIXTURES: '1',
      CLIENT_ERROR_RATE_LIMIT_PER_MINUTE: String(CLIENT_ERROR_LIMIT),
    },
  });

  const start = () => startInstance({ ...options(), engine: gate.engine });

  /** A visitor signed up through `url`, with `tokens` credited and a chat with a character. */
  async function visitorWithChat(url: string, db: Database, tokens: number) {
    const made = await fetch(`${url}/api/Authenticate/pre-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(preRegistration()),
    });
    expect(made.status).toBe(200);
    const session = (await made.json()) as { accessToken: string; generatedUserId: string };
    const funded = await fetch(`${url}/api/testing/user-tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ amount: tokens }),
    });
    expect(funded.status).toBe(200);
    const chatId = await chatWithCharacter(db, session.generatedUserId);
    return { userId: session.generatedUserId, token: session.accessToken, chatId };
  }

  async function balance(url: string, token: string): Promise<number> {
    const answer = await fetch(`${url}/api/Tokens/balance`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { remainingTokens: number }).remainingTokens;
  }

  function hub(url: string, name: string, token: string, reconnect = false): HubConnection {
    const builder = new HubConnectionBuilder()
      .withUrl(`${url}/hubs/${name}`, {
        transport: HttpTransportType.WebSockets,
        accessTokenFactory: () => token,
      })
      .configureLogging(LogLevel.None);
    const connection = (
      reconnect ? builder.withAutomaticReconnect([0, 200, 500, 1000, 2000]) : builder
    ).build();
    clients.push(connection);
    return connection;
  }

  /** An instance in its own process (to be killed), with a short lease so its death shows within a second. */
  async function spawnInstance(): Promise<{ child: ChildProcess; url: string }> {
    const script = fileURLToPath(new URL('./testing/instance-process.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        script,
        JSON.stringify({ ...options(), relay: { heartbeatMs: 200, leaseMs: 1000 } }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    return { child, url: await readyUrl(child) };
  }

  /** Collects a stream's items; `done` settles with the error code it ended with, or null. */
  function collect(stream: IStreamResult<ChatReplyItem>) {
    const items: ChatReplyItem[] = [];
    const done = new Promise<string | null>((resolve) => {
      stream.subscribe({
        next: (item) => items.push(item),
        complete: () => resolve(null),
        error: (error: Error) => resolve(error.message),
      });
    });
    return { items, done };
  }

  /** A fresh visitor with a chat on instance A, sending `message` there, with the gated engine silent so far. */
  async function replyStartedOnA(message: string) {
    const [a] = instances as [Instance, Instance];
    gate.reset();
    const { token, chatId } = await visitorWithChat(a.url, a.db, 10);
    const onA = hub(a.url, 'chatHub', token);
    await onA.start();
    const sent = collect(onA.stream<ChatReplyItem>('SendMessage', chatId, message, randomUUID()));
    return { token, chatId, onA, sent };
  }

  beforeAll(async () => {
    root = await tempDir('multi');
    dataDir = path.join(root, 'data');
    await writeShell(root, BLANK_INDEX);
    const first = await createDatabase({ databaseUrl: PG_URL, schema, poolSize: 2 });
    await migrate(first);
    await first.close();
    instances.push(await start(), await start());
  });

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    gate.release(100);
    await Promise.all(clients.map((c) => c.stop()));
    for (const instance of instances.slice(1)) await instance.close();
    if (instances[0]) {
      await instances[0].db.query(`DROP SCHEMA ${schema} CASCADE`);
      await instances[0].close();
    }
    await rm(root, { recursive: true, force: true });
  });

  it('should serve a deploy and a rollback made on the shared store from both origins at once', async () => {
    const store = openStore(dataDir);
    for (const version of ['1.0.0', '1.1.0'])
      await store.publish('chat', await writeFakeBuild(path.join(root, version), 'chat', version));
    await store.setLive('chat', '1.1.0', 'deploy', 'cli:test');
    for (const { origin } of instances) {
      const registry = (await origin.inject({ url: '/registry.json' })).json();
      expect(registry.remotes.chat.version).toBe('1.1.0');
      const manifest = await origin.inject({ url: registry.remotes.chat.manifest });
      expect(manifest.statusCode).toBe(200);
    }
    await store.rollback('chat', '1.0.0', 'cli:test');
    for (const { origin } of instances)
      expect((await origin.inject({ url: '/registry.json' })).json().remotes.chat.version).toBe('1.0.0');
  });

  it('should deliver a payment notification sent by instance A to the user connected through origin B', async () => {
    const [a, b] = instances as [Instance, Instance];
    const id = randomUUID();
    await a.db.query('INSERT INTO users (id, is_anonymous) VALUES ($1, true)', [id]);
    const token = await signAccessToken(new TextEncoder().encode(KEY), 3600, { id, isAnonymous: true });
    const got: unknown[] = [];
    for (const transport of [HttpTransportType.WebSockets, HttpTransportType.LongPolling]) {
      const connection = new HubConnectionBuilder()
        .withUrl(`${b.url}/hubs/paymentNotificationHub`, { transport, accessTokenFactory: () => token })
        .configureLogging(LogLevel.None)
        .build();
      connection.on('PaymentNotification', (n) => got.push([transport, n]));
      clients.push(connection);
      await connection.start();
    }
    const payment = {
      success: true,
      product: null,
      amountPaid: 1999,
      currencyPaid: 'USD',
      subscription: null,
      remainingBalance: 5,
    };
    await a.hubs.notify.payment(id, payment);
    await expect.poll(() => got.length, { timeout: 10_000 }).toBe(2);
    expect(got).toContainEqual([HttpTransportType.WebSockets, payment]);
    expect(got).toContainEqual([HttpTransportType.LongPolling, payment]);
  });

  it('should see a session made on one instance from the other (one database)', async () => {
    const [a, b] = instances as [Instance, Instance];
    const made = await a.origin.inject({
      method: 'POST',
      url: '/api/Authenticate/pre-register',
      payload: preRegistration(),
    });
    expect(made.statusCode).toBe(200);
    const me = await b.origin.inject({
      url: '/api/User',
      headers: { authorization: `Bearer ${made.json().accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(made.json().generatedUserId);
  });

  it('should resume on instance B a reply started on instance A, with no text missing or repeated', async () => {
    const [, b] = instances as [Instance, Instance];
    const { token, chatId, onA, sent: first } = await replyStartedOnA('How was your day?');
    gate.release(2);
    await expect.poll(() => first.items.length, { timeout: 10_000 }).toBe(3);
    // The client loses A; the reply goes on there, and says one more word while nobody watches.
    await onA.stop();
    await first.done;
    gate.release(1);
    const replyId = (first.items[0] as ChatReplyItem).replyId;

    const onB = hub(b.url, 'chatHub', token);
    await onB.start();
    const listed = await onB.invoke<Array<{ replyId: string; status: string }>>('GetReplies', chatId);
    expect(listed).toMatchObject([{ replyId, chatId, status: 'running' }]);
    const lastSeen = (first.items.at(-1) as ChatReplyItem).index;
    const resumed = collect(onB.stream<ChatReplyItem>('ResumeReply', replyId, lastSeen));
    gate.release(100);
    expect(await resumed.done).toBeNull();

    const all = [...first.items, ...resumed.items];
    expect(all.map((item) => item.index)).toEqual(all.map((_, i) => i));
    const text = all.flatMap((item) => (item.kind === 'text' ? [item.text] : [])).join('');
    expect(text).toBe(gate.words.join(''));
    const last = all.at(-1) as ChatReplyItem;
    expect(last.kind).toBe('completed');
    expect(last.kind === 'completed' && last.message.message).toBe(gate.words.join(''));

    // Finished, it is still resumable from the start on B (another tab opening late).
    const again = collect(onB.stream<ChatReplyItem>('ResumeReply', replyId, -1));
    expect(await again.done).toBeNull();
    expect(again.items).toEqual(all);
  });

  it('should stop from instance B a reply instance A is writing (CancelReply)', async () => {
    const [, b] = instances as [Instance, Instance];
    const { token, chatId, sent } = await replyStartedOnA('Tell me more');
    gate.release(1);
    await expect.poll(() => sent.items.length, { timeout: 10_000 }).toBe(2);
    const replyId = (sent.items[0] as ChatReplyItem).replyId;

    const onB = hub(b.url, 'chatHub', token);
    await onB.start();
    expect(await onB.invoke('CancelReply', replyId)).toBe(true);
    // Stopped on A: the stream there ends without the rest, and B lists it as cancelled.
    expect(await sent.done).toBeNull();
    expect(sent.items.map((item) => item.kind)).toEqual(['accepted', 'text']);
    await expect
      .poll(async () => onB.invoke<Array<{ replyId: string; status: string }>>('GetReplies', chatId), {
        timeout: 10_000,
      })
      .toMatchObject([{ replyId, status: 'cancelled' }]);
  });

  it('should share one rate-limit count between the two instances (Redis)', async () => {
    const report = (url: string) =>
      fetch(`${url}/api/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'render', remote: 'chat', version: '1.0.0', message: 'boom' }),
      });
    const codes: number[] = [];
    for (let i = 0; i <= CLIENT_ERROR_LIMIT; i++)
      codes.push((await report((instances[i % 2] as Instance).url)).status);
    // Each instance alone would have allowed the limit: together they allowed it once.
    expect(codes).toEqual([...Array<number>(CLIENT_ERROR_LIMIT).fill(201), 429]);
    expect((await report((instances[0] as Instance).url)).status).toBe(429);
  });

  it('should move the clients of a killed instance to the survivor: session, notifications, the cut reply refunded once', async () => {
    const b = instances[1] as Instance;
    const { child, url: killedUrl } = await spawnInstance();
    // What a load balancer does: every connection to the first instance that answers.
    const balancer = await failover([portOf(killedUrl), portOf(b.url)]);
    const front = `http://127.0.0.1:${balancer.port}`;
    try {
      const { userId, token, chatId } = await visitorWithChat(front, b.db, 10);
      const chat = hub(front, 'chatHub', token, true);
      const payments = hub(front, 'paymentNotificationHub', token, true);
      const got: unknown[] = [];
      payments.on('PaymentNotification', (n) => got.push(n));
      await Promise.all([chat.start(), payments.start()]);
      const reconnected = Promise.all(
        [chat, payments].map((c) => new Promise<void>((resolve) => c.onreconnected(() => resolve()))),
      );
      const cut = collect(
        chat.stream<ChatReplyItem>('SendMessage', chatId, '[fixture:slow] tell me', randomUUID()),
      );
      await expect.poll(() => cut.items.some((item) => item.kind === 'text'), { timeout: 20_000 }).toBe(true);
      const replyId = (cut.items[0] as ChatReplyItem).replyId;
      expect(await balance(front, token)).toBeLessThan(10);

      child.kill('SIGKILL');
      expect(await cut.done).not.toBeNull();
      await reconnected;

      // The session made on the dead instance is valid on the survivor.
      const me = await fetch(`${front}/api/User`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { id: string }).id).toBe(userId);
      // Notifications reach the reconnected client.
      const payment = {
        success: true,
        product: null,
        amountPaid: 499,
        currencyPaid: 'USD',
        subscription: null,
        remainingBalance: 1,
      };
      await b.hubs.notify.payment(userId, payment);
      await expect.poll(() => got, { timeout: 10_000 }).toEqual([payment]);
      // The reply the dead instance was writing: failed once its lease ran out, and its price given back once.
      await expect
        .poll(
          async () =>
            (await chat.invoke<Array<{ status: string }>>('GetReplies', chatId)).map((r) => r.status),
          {
            timeout: 20_000,
          },
        )
        .toEqual(['failed']);
      const resumed = collect(
        chat.stream<ChatReplyItem>('ResumeReply', replyId, (cut.items.at(-1) as ChatReplyItem).index),
      );
      expect(await resumed.done).toContain('generation_failed');
      expect(await chat.invoke<Array<{ status: string }>>('GetReplies', chatId)).toMatchObject([
        { replyId, status: 'failed' },
      ]);
      expect(await balance(front, token)).toBe(10);
      const refunds = await b.db.query<{ n: number }>(
        'SELECT count(*) AS n FROM token_ledger WHERE idempotency_key = $1',
        [`refund:${replyId}`],
      );
      expect(refunds[0]?.n).toBe(1);
      // What was committed before the kill is there: the user's message.
      const kept = await b.db.query<{ message: string }>(
        "SELECT message FROM messages WHERE chat_id = $1 AND sender = 'user'",
        [chatId],
      );
      expect(kept.map((m) => m.message)).toEqual(['[fixture:slow] tell me']);
    } finally {
      balancer.server.close();
    }
  }, 90_000);

  it('should refund once, with nobody asking, the reply of a killed instance (the survivors sweep)', async () => {
    const survivor = await startInstance({
      ...options(),
      engine: gate.engine,
      relay: { orphanSweepMs: 300 },
    });
    instances.push(survivor);
    const { child, url } = await spawnInstance();
    const { token, chatId } = await visitorWithChat(url, survivor.db, 10);
    const chat = hub(url, 'chatHub', token);
    await chat.start();
    const cut = collect(
      chat.stream<ChatReplyItem>('SendMessage', chatId, '[fixture:slow] go on', randomUUID()),
    );
    await expect.poll(() => cut.items.some((item) => item.kind === 'text'), { timeout: 20_000 }).toBe(true);
    const replyId = (cut.items[0] as ChatReplyItem).replyId;
    child.kill('SIGKILL');
    await cut.done;

    const refunds = () =>
      survivor.db.query<{ n: number }>('SELECT count(*) AS n FROM token_ledger WHERE idempotency_key = $1', [
        `refund:${replyId}`,
      ]);
    await expect.poll(async () => (await refunds())[0]?.n, { timeout: 20_000 }).toBe(1);
    const [reply] = await survivor.db.query<{ status: string; error: string }>(
      'SELECT status, error FROM chat_replies WHERE reply_id = $1',
      [replyId],
    );
    expect(reply).toEqual({ status: 'failed', error: 'interrupted' });
    expect(await balance(survivor.url, token)).toBe(10);
  }, 90_000);
});

/** A new visitor's `Authenticate/pre-register` body. */
function preRegistration() {
  return {
    fingerprint: `fp-${randomUUID()}`,
    isNConfirmed: false,
    isSConfirmed: false,
    utmSource: null,
    pathname: '/',
  };
}

/** The port of an `http://host:port` URL. */
function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** The URL an instance process prints once it listens. */
function readyUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const line = /READY (\S+)/.exec(seen);
      if (line) resolve(line[1] as string);
    });
    child.once('exit', (code) =>
      reject(new Error(`the instance process exited (${code}) before it was ready`)),
    );
  });
}

/** A TCP balancer: each connection goes to the first port that accepts it (a dead instance is skipped). */
async function failover(ports: number[]): Promise<{ server: net.Server; port: number }> {
  const server = net.createServer((socket) => {
    socket.pause();
    const attempt = (i: number): void => {
      const port = ports[i];
      if (port === undefined) {
        socket.destroy();
        return;
      }
      const upstream = net.connect(port, '127.0.0.1');
      let connected = false;
      upstream.once('connect', () => {
        connected = true;
        socket.pipe(upstream).pipe(socket);
        socket.resume();
      });
      upstream.on('error', () => (connected ? socket.destroy() : attempt(i + 1)));
      upstream.on('close', () => connected && socket.destroy());
      socket.on('error', () => upstream.destroy());
      socket.on('close', () => upstream.destroy());
    };
    attempt(0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
