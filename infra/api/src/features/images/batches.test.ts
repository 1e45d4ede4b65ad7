import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import type { TestApp } from '../../../test/harness.ts';
import { EmbeddedImageEngine } from '../../engines/image/embedded-image-engine.ts';
import type { ImageEngine } from '../../engines/image/image-engine.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { balanceOf, createFixtureUser, requestsAs, useFixtureUser } from '../../seed/test-fixtures.ts';
import type { FixtureUser } from '../../seed/test-fixtures.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { charactersFeature } from '../characters/index.ts';
import { chatsFeature } from '../chats/index.ts';
import { imagesFeature } from './index.ts';
import type { BatchAnswer } from './index.ts';

const PRICE = CATALOGUE_PRICES.image;

// An engine that delivers one image whatever was asked for: the rest counts as blocked.
const embedded = new EmbeddedImageEngine();
const stingy: ImageEngine = {
  name: 'stingy',
  render: (spec) => embedded.render(spec),
  generateBatch: async (request) => (await embedded.generateBatch(request)).slice(0, 1),
};

describeEachBackend('image batches on $backend', 'routes', (backend) => {
  const t = useTestApp(backend, {
    config: { testFixtures: true },
    features: [imagesFeature(), charactersFeature(), chatsFeature()],
  });
  const alice = useFixtureUser(t, { tokens: 200 });
  const bob = useFixtureUser(t, { tokens: 200 });
  const short = useTestApp(backend, { features: [imagesFeature({ imageEngine: stingy })] });

  const generate = (app: TestApp, user: FixtureUser, payload: object) =>
    requestsAs(app).post('/api/Image/generate-batch-images', user, payload);
  const fixture = (user: FixtureUser, mode: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/testing/image-engine',
      headers: { ...user.headers, ...headers },
      payload: { mode },
    });

  it('should charge a client-named batch once, however often it is sent', async () => {
    const before = await balanceOf(t.db, alice.id);
    const batchId = crypto.randomUUID();
    const first = await generate(t, alice, { batchId, style: 'anime', count: 2 });
    expect(first.statusCode).toBe(201);
    const again = await generate(t, alice, { batchId, style: 'anime', count: 2 });
    expect(again.statusCode).toBe(200);
    expect(again.json<BatchAnswer>().images.map((i) => i.id)).toEqual(
      first.json<BatchAnswer>().images.map((i) => i.id),
    );
    expect(await balanceOf(t.db, alice.id)).toBe(before - 2 * PRICE);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/Image/batches/${batchId}`,
      headers: alice.headers,
    });
    expect(status.json()).toMatchObject({
      batchId,
      status: 'done',
      requested: 2,
      price: 2 * PRICE,
      refundedTokens: 0,
    });
    // Another user can neither read nor take the id.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/Image/batches/${batchId}`, headers: bob.headers }))
        .statusCode,
    ).toBe(404);
    const taken = await generate(t, bob, { batchId, style: 'anime', count: 1 });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.field).toBe('batchId');
  });

  it('should refuse bad input naming the field and spend nothing', async () => {
    const before = await balanceOf(t.db, alice.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/PersonModel/create',
      headers: bob.headers,
      payload: { style: 'realistic', age: 30, name: 'Private' },
    });
    const bobsBefore = await balanceOf(t.db, bob.id);
    const cases: [object, number, string | null][] = [
      [{ style: 'anime', count: 0 }, 400, 'count'],
      [{ style: 'anime', count: 50 }, 400, 'count'],
      [{ style: 'anime', count: 2, batchId: 'nope' }, 400, 'batchId'],
      [{ personModelId: crypto.randomUUID(), count: 1 }, 404, null],
      [{ personModelId: created.json().id, count: 1 }, 403, null],
    ];
    for (const [payload, status, field] of cases) {
      const res = await generate(t, alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      if (field) expect(res.json().error.field).toBe(field);
      expect(res.json().error.message).toEqual(expect.any(String));
    }
    expect(await balanceOf(t.db, alice.id)).toBe(before);
    expect(await balanceOf(t.db, bob.id)).toBe(bobsBefore);
  });

  it('should refund a failed batch automatically and say so', async () => {
    const before = await balanceOf(t.db, alice.id);
    expect((await fixture(alice, 'fail')).statusCode).toBe(200);
    const batchId = crypto.randomUUID();
    const res = await generate(t, alice, { batchId, style: 'realistic', count: 3 });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({ code: 'image_engine_failed' });
    expect(res.json().error.message).toContain(`${3 * PRICE} tokens were refunded`);
    expect(await balanceOf(t.db, alice.id)).toBe(before);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/Image/batches/${batchId}`,
      headers: alice.headers,
    });
    expect(status.json()).toMatchObject({ status: 'failed', refundedTokens: 3 * PRICE, images: [] });
    const ledger = await t.db.query<{ delta: number; reason: string }>(
      'SELECT delta, reason FROM token_ledger WHERE ref_id = $1 ORDER BY id',
      [batchId],
    );
    expect(ledger).toEqual([
      { delta: -3 * PRICE, reason: 'generate_images' },
      { delta: 3 * PRICE, reason: 'refund_generate_images' },
    ]);
    expect((await fixture(alice, 'normal')).statusCode).toBe(200);
    expect((await generate(t, alice, { style: 'realistic', count: 1 })).statusCode).toBe(201);
  });

  it('should refund the images an engine did not deliver', async () => {
    const carol = await createFixtureUser(short.db, short.config.jwtSecret!, { tokens: 50 });
    const res = await generate(short, carol, { style: 'anime', count: 4 });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 'done',
      refundedTokens: 3 * PRICE,
      remainingTokens: 50 - PRICE,
    });
    expect(res.json().images).toHaveLength(1);
  });

  it('should hold generations until released, and answer a resend of a pending batch without paying', async () => {
    const before = await balanceOf(t.db, bob.id);
    await fixture(bob, 'hold');
    const batchId = crypto.randomUUID();
    const first = generate(t, bob, { batchId, style: 'anime', count: 2 });
    // The held request has paid and recorded its batch before it waits.
    // Polls until the batch is recorded; a request that ended instead (refused, failed) fails the test at once.
    let ended: { statusCode: number; body: string } | null = null;
    void first.then((res) => (ended = { statusCode: res.statusCode, body: res.body }));
    let pending: BatchAnswer | null = null;
    while (!pending) {
      if (ended) throw new Error(`the held request ended before it waited: ${JSON.stringify(ended)}`);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Image/batches/${batchId}`,
        headers: bob.headers,
      });
      if (res.statusCode === 200) pending = res.json<BatchAnswer>();
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(pending.status).toBe('pending');
    const resend = await generate(t, bob, { batchId, style: 'anime', count: 2 });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ status: 'pending', images: [] });
    await fixture(bob, 'release');
    expect((await first).statusCode).toBe(201);
    expect(await balanceOf(t.db, bob.id)).toBe(before - 2 * PRICE);
  });

  it('should store each photo as it is ready, so the batch fills one slot at a time', async () => {
    await fixture(bob, 'hold');
    const batchId = crypto.randomUUID();
    const first = generate(t, bob, { batchId, style: 'realistic', count: 3 });
    const status = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/Image/batches/${batchId}`, headers: bob.headers })
      ).json<BatchAnswer>();
    const waitFor = async (images: number) => {
      for (;;) {
        const answer = await status();
        if (answer.images?.length === images) return answer;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    expect(await waitFor(0)).toMatchObject({ status: 'pending' });
    await fixture(bob, 'next');
    const one = await waitFor(1);
    expect(one.status).toBe('pending');
    await fixture(bob, 'next');
    const two = await waitFor(2);
    expect(two.images[0]!.id).toBe(one.images[0]!.id);
    expect(two.status).toBe('pending');
    await fixture(bob, 'next');
    expect((await first).statusCode).toBe(201);
    expect(await status()).toMatchObject({ status: 'done', refundedTokens: 0 });
    expect((await status()).images).toHaveLength(3);
    await fixture(bob, 'normal');
  });

  it('should draw the outfit asked for, and refuse an unknown one naming the field', async () => {
    const res = await generate(t, alice, {
      style: 'anime',
      count: 1,
      outfit: 'business',
      pose: 'standing',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.query<{ spec: { outfit?: string } | string }>(
      'SELECT spec FROM images WHERE id = $1',
      [res.json<BatchAnswer>().images[0]!.id],
    );
    const spec = typeof row!.spec === 'string' ? JSON.parse(row!.spec) : row!.spec;
    expect(spec.outfit).toBe('business');
    const svg = await t.app.inject({ method: 'GET', url: res.json<BatchAnswer>().images[0]!.imageUrl });
    expect(svg.statusCode).toBe(200);
    const bad = await generate(t, alice, { style: 'anime', count: 1, outfit: 'spacesuit' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('outfit');
  });

  it("should send a generated photo into its character's chat as the user's message", async () => {
    const sofia = seedCharacterId('sofia');
    const made = await generate(t, alice, { personModelId: sofia, count: 1 });
    const image = made.json<BatchAnswer>().images[0]!;
    const send = (user: FixtureUser, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/Image/send-to-chat', headers: user.headers, payload });
    const res = await send(alice, { imageId: image.id });
    expect(res.statusCode).toBe(200);
    const { chatId } = res.json<{ chatId: string }>();
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/Chats/${chatId}/messages`,
      headers: alice.headers,
    });
    expect(JSON.stringify(messages.json())).toContain(image.imageUrl);
    // Someone else's image, a photo without a character and bad ids are refused, naming the field.
    expect((await send(bob, { imageId: image.id })).statusCode).toBe(404);
    const loose = (await generate(t, alice, { style: 'anime', count: 1 })).json<BatchAnswer>().images[0]!;
    const noCharacter = await send(alice, { imageId: loose.id });
    expect(noCharacter.statusCode).toBe(409);
    expect(noCharacter.json().error.field).toBe('imageId');
    expect((await send(alice, { imageId: 'x' })).json().error.field).toBe('imageId');
  });

  // A photo asked of the character in its chat.
  it('should deliver a requested photo as the character message once, priced tokenPriceForImage, refunded on failure', async () => {
    const dora = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 13 });
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/Chats/start',
      headers: dora.headers,
      payload: { personModelId: seedCharacterId('sofia') },
    });
    const chatId = started.json<{ id: string }>().id;
    const ask = (payload: object, user: FixtureUser = dora) =>
      t.app.inject({ method: 'POST', url: '/api/Chats/request-photo', headers: user.headers, payload });
    const requestId = crypto.randomUUID();
    const first = await ask({ chatId, requestId });
    expect(first.statusCode).toBe(200);
    const answer = first.json<{
      message: { id: string; imageUrl: string; sender: string };
      remainingTokens: number;
      price: number;
    }>();
    expect(answer).toMatchObject({
      price: PRICE,
      remainingTokens: 13 - PRICE,
      message: { sender: 'character' },
    });
    expect(answer.message.imageUrl).toMatch(/^\/api\/images\//);
    // The same request again (a lost answer): the same message, no second charge.
    const again = await ask({ chatId, requestId });
    expect(again.json().message.id).toBe(answer.message.id);
    expect(await balanceOf(t.db, dora.id)).toBe(13 - PRICE);
    // A failed photo is refunded and stores nothing; a short balance is 402; bad input names the field.
    expect((await fixture(dora, 'fail')).statusCode).toBe(200);
    const failed = await ask({ chatId, requestId: crypto.randomUUID() });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toContain(`${PRICE} tokens were refunded`);
    expect(await balanceOf(t.db, dora.id)).toBe(13 - PRICE);
    expect((await fixture(dora, 'normal')).statusCode).toBe(200);
    expect((await ask({ chatId, requestId: crypto.randomUUID() })).statusCode).toBe(200);
    const short = await ask({ chatId, requestId: crypto.randomUUID() });
    expect(short.statusCode).toBe(402);
    expect(short.json().error.code).toBe('insufficient_tokens');
    expect((await ask({ chatId, requestId: 'x' })).json().error.field).toBe('requestId');
    expect((await ask({ chatId, requestId: crypto.randomUUID() }, bob)).statusCode).toBe(403);
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/Chats/${chatId}/messages`,
      headers: dora.headers,
    });
    expect(messages.json()).toHaveLength(2);
  });

  it('should charge one price per delivered photo: no paid batch, and no request twice, into a chat for free', async () => {
    const erin = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 100 });
    const start = async (character: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Chats/start',
          headers: erin.headers,
          payload: { personModelId: seedCharacterId(character) },
        })
      ).json<{ id: string }>().id;
    const [sofia, other] = [await start('sofia'), await start('mia')];
    const ask = (chatId: string, requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Chats/request-photo',
        headers: erin.headers,
        payload: { chatId, requestId },
      });
    // A four-photo batch paid on the photo page: its id is not a photo request.
    const paid = crypto.randomUUID();
    expect((await generate(t, erin, { batchId: paid, style: 'anime', count: 4 })).statusCode).toBe(201);
    const afterBatch = await balanceOf(t.db, erin.id);
    for (const chatId of [sofia, other]) {
      const free = await ask(chatId, paid);
      expect(free.statusCode).toBe(409);
      expect(free.json().error).toMatchObject({ code: 'request_id_taken', field: 'requestId' });
    }
    // One request, one chat: the same id sent to another chat delivers nothing there.
    const requestId = crypto.randomUUID();
    expect((await ask(sofia, requestId)).statusCode).toBe(200);
    expect((await ask(other, requestId)).statusCode).toBe(409);
    expect((await ask(sofia, requestId)).statusCode).toBe(200);
    expect(await balanceOf(t.db, erin.id)).toBe(afterBatch - PRICE);
    const photos = async (chatId: string) =>
      (await t.db.query('SELECT id FROM messages WHERE chat_id = $1 AND image_url IS NOT NULL', [chatId]))
        .length;
    expect(await photos(sofia)).toBe(1);
    expect(await photos(other)).toBe(0);
  });

  it('should keep the engine fixture to loopback callers and to COMPANION_TEST_FIXTURES=1', async () => {
    expect((await fixture(alice, 'fail', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await generate(t, alice, { style: 'anime', count: 1 })).statusCode).toBe(201);
    expect((await fixture(alice, 'sideways')).json().error.field).toBe('mode');
    // `short` runs without COMPANION_TEST_FIXTURES.
    const carol = await createFixtureUser(short.db, short.config.jwtSecret!, { tokens: 5 });
    const res = await short.app.inject({
      method: 'POST',
      url: '/api/testing/image-engine',
      headers: carol.headers,
      payload: { mode: 'fail' },
    });
    expect(res.statusCode).toBe(404);
  });
});
