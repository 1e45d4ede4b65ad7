import type { Chat, Message } from '@companion/contracts';
import { describe, expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import { SEED_CHARACTERS } from '../../seed/characters.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { balanceOf, requestsAs, useFixtureUser } from '../../seed/test-fixtures.ts';
import type { FixtureUser } from '../../seed/test-fixtures.ts';
import {
  appendCharacterReply,
  appendMessage,
  appendUserMessage,
  getChatContext,
  normaliseContent,
} from './chat-service.ts';
import { chatsFeature } from './index.ts';

const SOFIA = seedCharacterId('sofia');
const EMMA = seedCharacterId('emma');
const MIA = seedCharacterId('mia');
const LOCKED = seedCharacterId(SEED_CHARACTERS.find((c) => c.tier === 'locked')!.slug);

describe('normaliseContent', () => {
  it('should drop a message with no text, image, video, full video or self-destructing photo', () => {
    expect(normaliseContent({}).isEmpty).toBe(true);
    expect(normaliseContent({ message: '   ', imageUrl: '', videoUrl: null }).isEmpty).toBe(true);
    expect(normaliseContent({ message: 'hi' }).isEmpty).toBe(false);
    expect(normaliseContent({ imageUrl: '/api/images/x.svg' }).isEmpty).toBe(false);
    expect(normaliseContent({ videoUrl: 'v.mp4' }).isEmpty).toBe(false);
    expect(normaliseContent({ fullVideoUrl: 'f.mp4' }).isEmpty).toBe(false);
    expect(normaliseContent({ isSelfDestructingPhoto: true }).isEmpty).toBe(false);
  });
});

describeEachBackend('chats on $backend', 'routes and service', (backend) => {
  let now = new Date('2026-01-01T00:00:00Z');
  const t = useTestApp(backend, { features: [chatsFeature()], now: () => now });
  const alice = useFixtureUser(t, { tokens: 100 });
  const bob = useFixtureUser(t);

  const { get, post } = requestsAs(t);
  const start = async (user: FixtureUser, personModelId: string) =>
    (await post('/api/Chats/start', user, { personModelId })).json<Chat>();

  it('should start a chat once per user and character', async () => {
    const first = await post('/api/Chats/start', alice, { personModelId: SOFIA });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      personModelEntityId: SOFIA,
      personModelFirstName: 'Sofia',
      messages: [],
      isPinned: false,
      isBlurred: false,
    });
    const again = await post('/api/Chats/start', alice, { personModelId: SOFIA });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const parallel = await Promise.all(
      [1, 2, 3].map(() => post('/api/Chats/start', alice, { personModelId: EMMA })),
    );
    expect(new Set(parallel.map((r) => r.json().id)).size).toBe(1);
  });

  it('should reject bad bodies and unknown or foreign characters', async () => {
    const bad = await post('/api/Chats/start', alice, { personModelId: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('personModelId');
    expect(
      (await post('/api/Chats/start', alice, { personModelId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await post('/api/Chats/start', null, { personModelId: SOFIA })).statusCode).toBe(401);
    const [own] = await t.db.query<{ id: string }>(
      `INSERT INTO person_models (id, owner_user_id, first_name, age, is_anime) VALUES (gen_random_uuid(), $1, 'Private', 25, false) RETURNING id`,
      [bob.id],
    );
    expect((await post('/api/Chats/start', alice, { personModelId: own!.id })).statusCode).toBe(403);
    const ownChat = await post('/api/Chats/start', bob, { personModelId: own!.id });
    expect(ownChat.statusCode).toBe(201);
    expect(ownChat.json().hasCustomGenerationSupport).toBe(true);
    expect(
      (await post('/api/Chats/start', bob, { personModelId: SOFIA })).json().hasCustomGenerationSupport,
    ).toBe(false);
  });

  it('should store messages in order, drop empty ones and show them oldest first', async () => {
    const chat = await start(alice, SOFIA);
    expect(await appendUserMessage(t.db, alice.id, chat.id, { message: '  ' })).toBeNull();
    const hello = await appendUserMessage(t.db, alice.id, chat.id, { message: 'Hello!' });
    const reply = await appendCharacterReply(t.db, alice.id, chat.id, { message: 'Hi, you.' });
    const photo = await appendCharacterReply(t.db, alice.id, chat.id, { isSelfDestructingPhoto: true });
    expect(hello?.sender).toBe('user');
    expect(reply?.sender).toBe('character');
    const res = await get(`/api/Chats/${chat.id}/messages`, alice);
    expect(res.statusCode).toBe(200);
    expect(res.json<Message[]>().map((m) => m.id)).toEqual([hello!.id, reply!.id, photo!.id]);
    // The database refuses an empty row even if a caller bypasses the service.
    await expect(
      t.db.query(
        `INSERT INTO messages (id, chat_id, sender, message) VALUES (gen_random_uuid(), $1, 'user', '')`,
        [chat.id],
      ),
    ).rejects.toThrow();
  });

  it('should page messages backwards with before and limit', async () => {
    const chat = await start(alice, MIA);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push((await appendMessage(t.db, chat.id, i % 2 ? 'character' : 'user', { message: `m${i}` }))!.id);
    const last2 = (await get(`/api/Chats/${chat.id}/messages?limit=2`, alice)).json<Message[]>();
    expect(last2.map((m) => m.id)).toEqual(ids.slice(3));
    const older = (await get(`/api/Chats/${chat.id}/messages?limit=2&before=${ids[3]}`, alice)).json<
      Message[]
    >();
    expect(older.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const bad = await get(`/api/Chats/${chat.id}/messages?limit=0`, alice);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('limit');
  });

  it("should not let another user read, pin, unlock or write in someone's chat", async () => {
    const chat = await start(alice, SOFIA);
    expect((await get(`/api/Chats/${chat.id}`, bob)).statusCode).toBe(403);
    expect((await get(`/api/Chats/${chat.id}/messages`, bob)).statusCode).toBe(403);
    expect(
      (await post('/api/Chats/set-pin-status', bob, { chatId: chat.id, isPinned: true })).statusCode,
    ).toBe(403);
    expect((await post('/api/Chats/unlock', bob, { chatId: chat.id })).statusCode).toBe(403);
    expect((await post('/api/Chats/save-input', bob, { chatId: chat.id, input: 'x' })).statusCode).toBe(403);
    await expect(appendUserMessage(t.db, bob.id, chat.id, { message: 'sneaky' })).rejects.toMatchObject({
      status: 403,
    });
    const [message] = (await get(`/api/Chats/${chat.id}/messages`, alice)).json<Message[]>();
    expect((await post('/api/Chats/like-message', bob, { messageId: message!.id })).statusCode).toBe(403);
    expect((await get('/api/Chats', bob)).json<Chat[]>().some((c) => c.id === chat.id)).toBe(false);
    expect((await get(`/api/Chats/00000000-0000-4000-8000-000000000000`, alice)).statusCode).toBe(404);
    expect((await get(`/api/Chats/nope`, alice)).json().error.field).toBe('chatId');
  });

  it('should sort by pin time or update time, newest first, and filter by name and pin state', async () => {
    const sofia = await start(alice, SOFIA);
    const emma = await start(alice, EMMA);
    const mia = await start(alice, MIA);
    await t.db.query(`UPDATE chats SET updated_at = '2026-01-01T10:00:00Z' WHERE id = $1`, [sofia.id]);
    await t.db.query(`UPDATE chats SET updated_at = '2026-01-01T11:00:00Z' WHERE id = $1`, [emma.id]);
    await t.db.query(`UPDATE chats SET updated_at = '2026-01-01T12:00:00Z' WHERE id = $1`, [mia.id]);
    let order = (await get('/api/Chats', alice)).json<Chat[]>().map((c) => c.id);
    expect(order).toEqual([mia.id, emma.id, sofia.id]);
    // Pinned at 13:00: Sofia's key is now the newest.
    now = new Date('2026-01-01T13:00:00Z');
    const pinned = await post('/api/Chats/set-pin-status', alice, { chatId: sofia.id, isPinned: true });
    expect(pinned.json()).toMatchObject({ isPinned: true, pinnedAt: '2026-01-01T13:00:00.000Z' });
    order = (await get('/api/Chats', alice)).json<Chat[]>().map((c) => c.id);
    expect(order).toEqual([sofia.id, mia.id, emma.id]);
    expect((await get('/api/Chats?pinned=true', alice)).json<Chat[]>().map((c) => c.id)).toEqual([sofia.id]);
    expect((await get('/api/Chats?pinned=false', alice)).json<Chat[]>().map((c) => c.id)).toEqual([
      mia.id,
      emma.id,
    ]);
    expect((await get('/api/Chats?search=EMM', alice)).json<Chat[]>().map((c) => c.id)).toEqual([emma.id]);
    expect((await get('/api/Chats?search=%25', alice)).json()).toEqual([]);
    const unpinned = await post('/api/Chats/set-pin-status', alice, { chatId: sofia.id, isPinned: false });
    expect(unpinned.json()).toMatchObject({ isPinned: false, pinnedAt: null });
    const bad = await post('/api/Chats/set-pin-status', alice, { chatId: sofia.id, isPinned: 'yes' });
    expect(bad.json().error.field).toBe('isPinned');
  });

  it('should show each chat with its last non-empty message in the list', async () => {
    const chat = await start(alice, SOFIA);
    const last = await appendCharacterReply(t.db, alice.id, chat.id, { message: 'Last one' });
    const listed = (await get('/api/Chats', alice)).json<Chat[]>().find((c) => c.id === chat.id)!;
    expect(listed.messages.map((m) => m.id)).toEqual([last!.id]);
  });

  it('should like and dislike replies exclusively', async () => {
    const chat = await start(alice, SOFIA);
    const reply = await appendCharacterReply(t.db, alice.id, chat.id, { message: 'Rate me' });
    const liked = await post('/api/Chats/like-message', alice, { messageId: reply!.id });
    expect(liked.json()).toMatchObject({ isLiked: true, isDisliked: false });
    const disliked = await post('/api/Chats/dislike-message', alice, {
      messageId: reply!.id,
      isDisliked: true,
    });
    expect(disliked.json()).toMatchObject({ isLiked: false, isDisliked: true });
    const cleared = await post('/api/Chats/dislike-message', alice, {
      messageId: reply!.id,
      isDisliked: false,
    });
    expect(cleared.json()).toMatchObject({ isLiked: false, isDisliked: false });
    expect((await post('/api/Chats/like-message', alice, { messageId: 'x' })).json().error.field).toBe(
      'messageId',
    );
    expect(
      (await post('/api/Chats/like-message', alice, { messageId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
  });

  it('should save the input box and mark replies seen', async () => {
    const chat = await start(alice, EMMA);
    await appendCharacterReply(t.db, alice.id, chat.id, { message: 'Seen?' });
    expect(
      (await post('/api/Chats/save-input', alice, { chatId: chat.id, input: 'half a thought' })).json().input,
    ).toBe('half a thought');
    const seen = (await post('/api/Chats/mark-seen', alice, { chatId: chat.id })).json<Chat>();
    expect(seen.messages.filter((m) => m.sender === 'character').every((m) => m.isSeen)).toBe(true);
  });

  it('should blur a locked character chat and unlock it exactly once under concurrency', async () => {
    const chat = await start(alice, LOCKED);
    expect(chat.isBlurred).toBe(true);
    const before = await balanceOf(t.db, alice.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/Chats/unlock', alice, { chatId: chat.id })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(7).fill(409)]);
    expect(await balanceOf(t.db, alice.id)).toBe(before - CATALOGUE_PRICES.lockedModelUnlock);
    expect((await get(`/api/Chats/${chat.id}`, alice)).json().isBlurred).toBe(false);
    const free = await post('/api/Chats/unlock', alice, { chatId: (await start(alice, SOFIA)).id });
    expect(free.statusCode).toBe(409);
    expect(free.json().error.code).toBe('not_locked');
  });

  it('should tell the unlock price before the spend, to the chat owner only', async () => {
    const chat = await start(bob, LOCKED);
    const res = await get(`/api/Chats/${chat.id}/unlock-price`, bob);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ price: CATALOGUE_PRICES.lockedModelUnlock, isBlurred: true });
    expect((await get(`/api/Chats/${chat.id}/unlock-price`, alice)).statusCode).toBe(403);
    const bad = await get('/api/Chats/nope/unlock-price', bob);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('chatId');
  });

  it('should refuse an unlock the balance cannot pay and keep the chat blurred', async () => {
    const chat = await start(bob, LOCKED);
    const res = await post('/api/Chats/unlock', bob, { chatId: chat.id });
    expect(res.statusCode).toBe(402);
    expect((await get(`/api/Chats/${chat.id}`, bob)).json().isBlurred).toBe(true);
  });

  it('should reject bad input on every chat endpoint naming the field', async () => {
    const chat = await start(alice, SOFIA);
    const cases: [string, string, unknown, string][] = [
      ['GET', '/api/Chats?pinned=maybe', undefined, 'pinned'],
      ['GET', `/api/Chats?search=${'x'.repeat(41)}`, undefined, 'search'],
      ['GET', `/api/Chats/${chat.id}/messages?before=nope`, undefined, 'before'],
      ['GET', `/api/Chats/${chat.id}/messages?limit=201`, undefined, 'limit'],
      ['POST', '/api/Chats/set-pin-status', { chatId: chat.id }, 'isPinned'],
      ['POST', '/api/Chats/set-pin-status', { isPinned: true }, 'chatId'],
      ['POST', '/api/Chats/unlock', {}, 'chatId'],
      ['POST', '/api/Chats/save-input', { chatId: chat.id, input: 'x'.repeat(4001) }, 'input'],
      ['POST', '/api/Chats/mark-seen', { chatId: 12 }, 'chatId'],
      ['POST', '/api/Chats/dislike-message', { messageId: chat.id, isDisliked: 'no' }, 'isDisliked'],
    ];
    for (const [method, url, payload, field] of cases) {
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: alice.headers,
        ...(payload ? { payload: payload as object } : {}),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.field, url).toBe(field);
    }
    for (const url of ['/api/Chats', `/api/Chats/${chat.id}`, `/api/Chats/${chat.id}/messages`])
      expect((await get(url, null)).statusCode).toBe(401);
  });

  it('should give the hub the chat context with character persona and history', async () => {
    const chat = await start(alice, SOFIA);
    const context = await getChatContext(t.db, alice.id, chat.id, 3);
    expect(context.character).toMatchObject({ id: SOFIA, firstName: 'Sofia', age: 24 });
    expect(context.character.persona).toMatchObject({ personality: 'playful' });
    expect(context.history.length).toBeLessThanOrEqual(3);
    await expect(getChatContext(t.db, bob.id, chat.id)).rejects.toMatchObject({ status: 403 });
  });
});
