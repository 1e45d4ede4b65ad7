// chatHub driven by the official client over a real hub server, with a fake store and scripted engines.

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Message } from '@companion/contracts';
import { createHubServer } from '@companion/hubs';
import type { HubServer } from '@companion/hubs';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanionEngineError, createPersonaEngine } from '../engines/companion/index.ts';
import type { CompanionEngine } from '../engines/companion/index.ts';
import { plainMessage } from './bench-store.ts';
import { createChatHub } from './chat-hub.ts';
import type { ChatHubDeps } from './chat-hub.ts';
import type { ChatReplyItem } from './chat-replies.ts';
import { NotEnoughTokensError } from './ports.ts';
import type { ChatReplyStore, HubChat } from './ports.ts';

/** An in-memory store with a balance per user and a message log. */
function fakeStore(
  balances: Record<string, number>,
  chats: Record<string, Omit<HubChat, 'history'> & { userId: string }>,
) {
  const messages: Message[] = [];
  const ledger: Array<{ userId: string; delta: number; replyId: string }> = [];
  const store: ChatReplyStore = {
    async findChat(userId, chatId) {
      const chat = chats[chatId];
      if (!chat || chat.userId !== userId) return null;
      const history = messages
        .filter((m) => m.chatId === chatId)
        .map((m) => ({ sender: m.sender, text: m.message ?? '' }));
      return { ...chat, history };
    },
    async messagePrice() {
      return 2;
    },
    async acceptUserMessage({ userId, chatId, text, price, replyId }) {
      if ((balances[userId] ?? 0) < price) throw new NotEnoughTokensError('insufficient_tokens');
      balances[userId] = (balances[userId] ?? 0) - price;
      ledger.push({ userId, delta: -price, replyId });
      return { message: add(chatId, 'user', text), remainingTokens: balances[userId]! };
    },
    async storeReply({ chatId, text }) {
      return add(chatId, 'character', text);
    },
    // Send-once and regenerate are tested on the database (attach-hubs.test.ts).
    async findSend() {
      return null;
    },
    async acceptRegenerate() {
      throw new Error('not used by these tests');
    },
    async storeAlternative() {
      throw new Error('not used by these tests');
    },
    async refund({ userId, price, replyId }) {
      balances[userId] = (balances[userId] ?? 0) + price;
      ledger.push({ userId, delta: price, replyId });
      return { remainingTokens: balances[userId]! };
    },
  };
  function add(chatId: string, sender: 'user' | 'character', text: string): Message {
    const m = plainMessage(`m${messages.length}`, chatId, sender, text);
    messages.push(m);
    return m;
  }
  return { store, messages, ledger, balances };
}

/** An engine the test releases piece by piece (or fails on demand). */
function gatedEngine() {
  const pieces: Array<string | Error> = [];
  let wake: (() => void) | null = null;
  let aborted = false;
  const engine: CompanionEngine = {
    name: 'gated',
    async *reply(_request, signal) {
      signal.addEventListener('abort', () => {
        aborted = true;
        wake?.();
      });
      for (;;) {
        while (pieces.length === 0 && !signal.aborted) await new Promise<void>((resolve) => (wake = resolve));
        if (signal.aborted) return;
        const piece = pieces.shift()!;
        if (piece instanceof Error) throw piece;
        if (piece === '<end>') return;
        yield piece;
      }
    },
  };
  return {
    engine,
    release(...next: Array<string | Error>) {
      pieces.push(...next);
      wake?.();
    },
    get aborted() {
      return aborted;
    },
  };
}

const mia: HubChat['character'] = {
  name: 'Mia',
  occupation: 'barista',
  hobbies: ['surfing'],
  personality: 'Caregiver',
};
const CHATS = {
  c1: { chatId: 'c1', userId: 'alice', isLocked: false, character: mia },
  c2: { chatId: 'c2', userId: 'alice', isLocked: false, character: mia },
  locked: { chatId: 'locked', userId: 'alice', isLocked: true, character: mia },
  bobs: { chatId: 'bobs', userId: 'bob', isLocked: false, character: mia },
};

let running: { http: Server; hubs: HubServer; url: string } | null = null;
const clients: HubConnection[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.stop()));
  if (running) {
    await running.hubs.close();
    running.http.closeAllConnections();
    await new Promise((resolve) => running?.http.close(resolve));
    running = null;
  }
});

async function start(store: ChatReplyStore, engine: CompanionEngine, memory?: ChatHubDeps['memory']) {
  const chat = createChatHub({ store, engine, onError: () => {}, ...(memory ? { memory } : {}) });
  const hubs = createHubServer({
    authenticate: async (token) => ({ ok: true, userId: token }),
    hubs: { chatHub: chat.hub },
    onError: () => {},
  });
  const http = createServer((req, res) => void hubs.handleHttp(req, res));
  http.on('upgrade', (req, socket, head) => void hubs.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  running = { http, hubs, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
  return chat;
}

async function connect(user: string, transport = HttpTransportType.WebSockets): Promise<HubConnection> {
  const c = new HubConnectionBuilder()
    .withUrl(`${running!.url}/hubs/chatHub`, { transport, accessTokenFactory: () => user })
    .configureLogging(LogLevel.None)
    .build();
  clients.push(c);
  await c.start();
  return c;
}

/** Subscribes and records items, completion and error. */
function watch(c: HubConnection, method: string, ...args: unknown[]) {
  const state = { items: [] as ChatReplyItem[], done: false, error: null as string | null };
  const sub = c.stream<ChatReplyItem>(method, ...args).subscribe({
    next: (item) => state.items.push(item),
    complete: () => (state.done = true),
    error: (e) => {
      state.error = (e as Error).message;
      state.done = true;
    },
  });
  return { state, dispose: () => sub.dispose() };
}

describe('chatHub', () => {
  it('should give the engine the chat’s memory and learn from the turn off the send path (ADR 0360)', async () => {
    const memory = { facts: ['Their dog is called Biscuit.'], summary: null };
    const fake = fakeStore({ alice: 5 }, { c1: { ...CHATS.c1!, memory } });
    const seen: unknown[] = [];
    const learnt: string[] = [];
    const engine: CompanionEngine = {
      name: 'recording',
      async *reply(request) {
        seen.push(request.memory);
        yield 'Biscuit!';
      },
    };
    await start(fake.store, engine, {
      // A memory update that never ends must not hold the reply back: it runs off the send path.
      afterReply({ userText }) {
        learnt.push(userText);
        return new Promise<void>(() => {});
      },
    });
    const c = await connect('alice');
    const { state } = watch(c, 'SendMessage', 'c1', 'What is my dog called?');
    await expect.poll(() => state.done).toBe(true);
    expect(state.items.at(-1)?.kind).toBe('completed');
    expect(seen).toEqual([memory]);
    expect(learnt).toEqual(['What is my dog called?']);
  });

  it('should store the message, stream the reply, store it and spend the price', async () => {
    const fake = fakeStore({ alice: 5 }, CHATS);
    await start(fake.store, createPersonaEngine({ wordDelayMs: 0 }));
    const c = await connect('alice', HttpTransportType.LongPolling);
    const { state } = watch(c, 'SendMessage', 'c1', 'Tell me about yourself');
    await expect.poll(() => state.done).toBe(true);
    expect(state.error).toBeNull();
    const [accepted, ...rest] = state.items;
    expect(accepted).toMatchObject({
      kind: 'accepted',
      index: 0,
      chatId: 'c1',
      remainingTokens: 3,
      userMessage: { message: 'Tell me about yourself', sender: 'user' },
    });
    const texts = rest.filter((i) => i.kind === 'text').map((i) => (i as { text: string }).text);
    const completed = rest.at(-1) as Extract<ChatReplyItem, { kind: 'completed' }>;
    expect(completed.kind).toBe('completed');
    expect(completed.message.message).toBe(texts.join('').trim());
    expect(completed.message.message).toMatch(/barista|surfing/);
    expect(state.items.map((i) => i.index)).toEqual(state.items.map((_, i) => i));
    expect(fake.messages.map((m) => m.sender)).toEqual(['user', 'character']);
    expect(fake.balances.alice).toBe(3);
  });

  it('should end with insufficient_tokens and store nothing when the balance is short', async () => {
    const fake = fakeStore({ alice: 1 }, CHATS);
    await start(fake.store, createPersonaEngine({ wordDelayMs: 0 }));
    const c = await connect('alice');
    const { state } = watch(c, 'SendMessage', 'c1', 'hi');
    await expect.poll(() => state.done).toBe(true);
    expect(state.error).toContain('insufficient_tokens');
    expect(state.items).toEqual([]);
    expect(fake.messages).toEqual([]);
    expect(fake.balances.alice).toBe(1);
  });

  it('should refuse NUL characters and lone surrogates with invalid_message before anything is paid or stored', async () => {
    const fake = fakeStore({ alice: 10 }, CHATS);
    await start(fake.store, createPersonaEngine({ wordDelayMs: 0 }));
    const c = await connect('alice');
    const sends = ['a\u0000b', 'lone \ud800 high', 'lone \udc00 low'].map((text) =>
      watch(c, 'SendMessage', 'c1', text),
    );
    const badChat = watch(c, 'SendMessage', 'c1\u0000', 'hi');
    await expect.poll(() => sends.every((send) => send.state.done) && badChat.state.done).toBe(true);
    for (const send of sends) expect(send.state.error).toContain('invalid_message');
    expect(badChat.state.error).toContain('chat_not_found');
    expect(fake.messages).toEqual([]);
    expect(fake.balances.alice).toBe(10);
    // A valid pair (an emoji) is sent as it is.
    const emoji = watch(c, 'SendMessage', 'c1', 'hi \ud83d\ude00');
    await expect.poll(() => emoji.state.done).toBe(true);
    expect(emoji.state.error).toBeFalsy();
  });

  it("should refuse locked chats, other users' chats and empty messages with clear codes", async () => {
    const fake = fakeStore({ alice: 10 }, CHATS);
    await start(fake.store, createPersonaEngine({ wordDelayMs: 0 }));
    const c = await connect('alice');
    const locked = watch(c, 'SendMessage', 'locked', 'hi');
    const foreign = watch(c, 'SendMessage', 'bobs', 'hi');
    const empty = watch(c, 'SendMessage', 'c1', '   ');
    await expect.poll(() => locked.state.done && foreign.state.done && empty.state.done).toBe(true);
    expect(locked.state.error).toContain('chat_locked');
    expect(foreign.state.error).toContain('chat_not_found');
    expect(empty.state.error).toContain('invalid_message');
    expect(fake.balances.alice).toBe(10);
  });

  it.each([
    {
      failure: new Error('upstream died'),
      code: 'generation_failed',
      items: ['accepted', 'text'],
      pieces: ['Hel'],
    },
    // A full local-model queue (engine_busy) says so, so the user knows a retry in a moment works.
    {
      failure: new CompanionEngineError('engine_busy', 'The local model is busy.'),
      code: 'engine_busy',
      items: ['accepted'],
      pieces: [],
    },
  ])(
    'should refund once and end with $code when the engine fails so',
    async ({ failure, code, items, pieces }) => {
      const fake = fakeStore({ alice: 10 }, CHATS);
      const gate = gatedEngine();
      await start(fake.store, gate.engine);
      const c = await connect('alice');
      const { state } = watch(c, 'SendMessage', 'c1', 'hi');
      await expect.poll(() => state.items.length).toBe(1);
      gate.release(...pieces, failure);
      await expect.poll(() => state.done).toBe(true);
      expect(state.error).toContain(code);
      expect(state.items.map((i) => i.kind)).toEqual(items);
      expect(fake.balances.alice).toBe(10);
      expect(fake.ledger.map((entry) => entry.delta)).toEqual([-2, 2]);
      expect(fake.messages.map((m) => m.sender)).toEqual(['user']);
    },
  );

  it('should stop generation when the client disposes the stream, refunding when nothing was said', async () => {
    const fake = fakeStore({ alice: 10 }, CHATS);
    const gate = gatedEngine();
    await start(fake.store, gate.engine);
    const c = await connect('alice');
    const stream = watch(c, 'SendMessage', 'c1', 'hi');
    await expect.poll(() => stream.state.items.length).toBe(1);
    stream.dispose();
    await expect.poll(() => gate.aborted).toBe(true);
    await expect.poll(() => fake.balances.alice).toBe(10);
    expect(fake.messages.map((m) => m.sender)).toEqual(['user']);
  });

  it('should keep generating through a dropped connection and let the client resume after the last item it saw', async () => {
    const fake = fakeStore({ alice: 10 }, CHATS);
    const gate = gatedEngine();
    await start(fake.store, gate.engine);
    const first = await connect('alice');
    const stream = watch(first, 'SendMessage', 'c1', 'hi');
    gate.release('One ', 'two ');
    await expect.poll(() => stream.state.items.length).toBe(3);
    const replyId = stream.state.items[0]!.replyId;
    const lastSeen = stream.state.items.at(-1)!.index;
    await first.stop(); // the tab loses its connection mid-reply
    gate.release('three ', 'four');
    expect(gate.aborted).toBe(false);

    const second = await connect('alice');
    expect(await second.invoke('GetReplies', 'c1')).toEqual([
      { replyId, chatId: 'c1', status: 'running', lastIndex: expect.any(Number) },
    ]);
    const resumed = watch(second, 'ResumeReply', replyId, lastSeen);
    gate.release('<end>');
    await expect.poll(() => resumed.state.done).toBe(true);
    expect(resumed.state.error).toBeNull();
    expect(resumed.state.items[0]!.index).toBe(lastSeen + 1);
    const texts = resumed.state.items
      .filter((i) => i.kind === 'text')
      .map((i) => (i as { text: string }).text);
    expect(texts).toEqual(['three ', 'four']);
    expect(resumed.state.items.at(-1)).toMatchObject({
      kind: 'completed',
      message: { message: 'One two three four' },
    });
    expect(fake.balances.alice).toBe(8);
  });

  it('should keep a reply going while the user streams in another chat, and allow one reply per chat at a time', async () => {
    const fake = fakeStore({ alice: 10 }, CHATS);
    await start(fake.store, createPersonaEngine({ wordDelayMs: 10 }));
    const c = await connect('alice');
    const a = watch(c, 'SendMessage', 'c1', 'first chat');
    await expect.poll(() => a.state.items.length).toBeGreaterThan(0);
    const again = watch(c, 'SendMessage', 'c1', 'too soon');
    await expect.poll(() => again.state.done).toBe(true);
    expect(again.state.error).toContain('reply_in_progress');
    const b = watch(c, 'SendMessage', 'c2', 'second chat');
    await expect.poll(() => a.state.done && b.state.done).toBe(true);
    expect(a.state.error).toBeNull();
    expect(b.state.error).toBeNull();
    expect(
      fake.messages
        .filter((m) => m.sender === 'character')
        .map((m) => m.chatId)
        .sort(),
    ).toEqual(['c1', 'c2']);
  });

  it('should, on shutdown, stop running replies and keep what was already said before returning', async () => {
    const fake = fakeStore({ alice: 10 }, CHATS);
    const gate = gatedEngine();
    const chat = await start(fake.store, gate.engine);
    const c = await connect('alice');
    const stream = watch(c, 'SendMessage', 'c1', 'hi');
    gate.release('Half ', 'said');
    await expect.poll(() => stream.state.items.length).toBe(3);
    await chat.replies.abortAll();
    expect(gate.aborted).toBe(true);
    expect(fake.messages.map((m) => [m.sender, m.message])).toEqual([
      ['user', 'hi'],
      ['character', 'Half said'],
    ]);
    expect(fake.balances.alice).toBe(8);
  });

  it('should not let another user resume or cancel a reply', async () => {
    const fake = fakeStore({ alice: 10, bob: 10 }, CHATS);
    const gate = gatedEngine();
    await start(fake.store, gate.engine);
    const alice = await connect('alice');
    const stream = watch(alice, 'SendMessage', 'c1', 'hi');
    await expect.poll(() => stream.state.items.length).toBe(1);
    const bob = await connect('bob');
    const spy = watch(bob, 'ResumeReply', stream.state.items[0]!.replyId, -1);
    await expect.poll(() => spy.state.done).toBe(true);
    expect(spy.state.error).toContain('reply_not_found');
    await expect(bob.invoke('CancelReply', stream.state.items[0]!.replyId)).rejects.toThrow(
      'reply_not_found',
    );
    expect(gate.aborted).toBe(false);
    gate.release('<end>');
  });
});
