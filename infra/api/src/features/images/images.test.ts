import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PersonModel } from '@companion/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import { BACKENDS, createTestApp } from '../../../test/harness.ts';
import type { TestApp } from '../../../test/harness.ts';
import { openAiImagesApi } from '../../engines/image/openai-images-api.ts';
import { RemoteImageEngine } from '../../engines/image/remote-image-engine.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { balanceOf, createFixtureUser, requestsAs, useFixtureUser } from '../../seed/test-fixtures.ts';
import type { FixtureUser } from '../../seed/test-fixtures.ts';
import { charactersFeature } from '../characters/index.ts';
import { galleryFeature } from '../gallery/index.ts';
import { imagesFeature } from './index.ts';
import type { StandaloneImage } from './index.ts';

describeEachBackend('images on $backend', 'routes', (backend) => {
  const t = useTestApp(backend, {
    features: [imagesFeature(), charactersFeature(), galleryFeature()],
  });
  const alice = useFixtureUser(t, { tokens: 200 });
  const bob = useFixtureUser(t, { tokens: 4 });

  const { get, post } = requestsAs(t);
  const generate = (payload: unknown, user: FixtureUser | null = alice) =>
    post('/api/Image/generate-batch-images', user, payload);
  const standalone = (query: string, user: FixtureUser | null = alice) =>
    get(`/api/Image/standalone-images${query}`, user);

  it('should serve a catalogue image as SVG with immutable cache headers and answer 304 to its ETag', async () => {
    const [model] = (await t.app.inject({ method: 'GET', url: '/api/PersonModel/top' })).json<
      PersonModel[]
    >();
    const url = (model!.bodyImages[0] as { imageUrl: string }).imageUrl;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toMatch(/^<svg /);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('should answer 404 for unknown images or wrong extensions and 400 for malformed names', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/images/00000000-0000-4000-8000-000000000000.svg' }))
        .statusCode,
    ).toBe(404);
    const [model] = (await t.app.inject({ method: 'GET', url: '/api/PersonModel/top' })).json<
      PersonModel[]
    >();
    const url = (model!.bodyImages[0] as { imageUrl: string }).imageUrl.replace('.svg', '.png');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/images/..%2Fetc.svg' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('file');
  });

  it('should generate a batch in the requested looks, charge per image and list it newest first', async () => {
    const before = await balanceOf(t.db, alice.id);
    const res = await generate({ style: 'anime', count: 3, hairColor: 'pink' });
    expect(res.statusCode).toBe(201);
    const { batchId, images, remainingTokens } = res.json<{
      batchId: string;
      images: StandaloneImage[];
      remainingTokens: number;
    }>();
    expect(images).toHaveLength(3);
    expect(remainingTokens).toBe(before - 3 * CATALOGUE_PRICES.image);
    const svg = await t.app.inject({ method: 'GET', url: images[0]!.imageUrl });
    expect(svg.body).toContain('data-style="anime"');
    expect(svg.body).toContain('pink');
    const second = (await generate({ style: 'realistic', count: 1 })).json<{ batchId: string }>();
    const listed = (await standalone('')).json<StandaloneImage[]>();
    expect(listed).toHaveLength(4);
    expect(listed[0]!.batchId).toBe(second.batchId);
    expect(listed.filter((i) => i.batchId === batchId)).toHaveLength(3);
  });

  it("should draw a character's own looks when personModelId is given and filter by it", async () => {
    const sofia = seedCharacterId('sofia');
    const res = await generate({ personModelId: sofia, count: 1, style: 'anime' });
    expect(res.statusCode).toBe(201);
    const image = res.json().images[0] as StandaloneImage;
    expect(image.personModelId).toBe(sofia);
    // Sofia is realistic; the character's style wins over the request.
    expect((await t.app.inject({ method: 'GET', url: image.imageUrl })).body).toContain(
      'data-style="realistic"',
    );
    expect((await standalone(`?personModelId=${sofia}`)).json<StandaloneImage[]>().map((i) => i.id)).toEqual([
      image.id,
    ]);
  });

  it('should draw wizard tiles without a token, the same picture for the same query, anime unlike realistic', async () => {
    const tile = (query: string) => t.app.inject({ method: 'GET', url: `/api/Image/wizard-tile?${query}` });
    const realistic = await tile('style=realistic&hairColor=red');
    expect(realistic.statusCode).toBe(200);
    expect(realistic.headers['content-type']).toContain('image/svg+xml');
    expect(realistic.headers['cache-control']).toContain('immutable');
    expect(realistic.body).toContain('<svg');
    expect((await tile('style=realistic&hairColor=red')).body).toBe(realistic.body);
    expect((await tile('style=anime&hairColor=red')).body).not.toBe(realistic.body);
    expect((await tile('style=realistic&hairColor=blonde')).body).not.toBe(realistic.body);
    const bad = await tile('style=realistic&eyes=plaid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('eyes');
    expect((await tile('hairColor=red')).json().error.field).toBe('style');
  });

  it('should validate the batch body naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ count: 2 }, 'style'],
      [{ style: 'anime', count: 0 }, 'count'],
      [{ style: 'anime', count: 9 }, 'count'],
      [{ style: 'oil' }, 'style'],
      [{ style: 'anime', pose: 'handstand' }, 'pose'],
      [{ style: 'anime', background: 'moon' }, 'background'],
      [{ style: 'anime', prompt: 'x'.repeat(501) }, 'prompt'],
      [{ personModelId: 'x' }, 'personModelId'],
    ];
    for (const [payload, field] of cases) {
      const res = await generate(payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.field).toBe(field);
    }
    expect((await generate({ style: 'anime' }, null)).statusCode).toBe(401);
    expect((await generate({ personModelId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });

  it("should keep users' generated images and characters apart", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/PersonModel/create',
      headers: alice.headers,
      payload: { style: 'realistic', age: 30, name: 'Private' },
    });
    const privateId = created.json<PersonModel>().id;
    expect((await generate({ personModelId: privateId, count: 1 }, bob)).statusCode).toBe(403);
    expect((await standalone('', bob)).json()).toEqual([]);
    expect((await standalone(`?personModelId=${privateId}`, bob)).json()).toEqual([]);
    expect((await standalone('', null)).statusCode).toBe(401);
  });

  it('should refuse a batch the balance cannot pay and store nothing', async () => {
    const res = await generate({ style: 'anime', count: 1 }, bob);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('insufficient_tokens');
    expect(await t.db.query('SELECT 1 FROM images WHERE owner_user_id = $1', [bob.id])).toHaveLength(0);
  });
});

describe('images with an external generator', () => {
  const available = BACKENDS[0]!.available;
  let t: TestApp;
  let server: http.Server;
  let calls = 0;
  let mode: 'ok' | 'fail' | 'hang' = 'ok';
  const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 9]);
  // A stand-in OpenAI Images API: b64_json answers, its error body, or no answer at all.
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        calls += 1;
        if (mode === 'hang') return;
        const json = { 'content-type': 'application/json' };
        if (mode === 'fail')
          response
            .writeHead(500, json)
            .end(JSON.stringify({ error: { message: 'The server had an error.', type: 'server_error' } }));
        else
          response.writeHead(200, json).end(JSON.stringify({ data: [{ b64_json: PNG.toString('base64') }] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const engine = new RemoteImageEngine({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      api: openAiImagesApi(null),
      timeoutMs: 300,
    });
    t = await createTestApp('pglite', { features: [imagesFeature({ imageEngine: engine })] });
  });
  afterAll(async () => {
    await t?.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it.skipIf(!available)('should store and serve the bytes the generator returned', async () => {
    const user = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 50 });
    const res = await requestsAs(t).post('/api/Image/generate-batch-images', user, {
      style: 'realistic',
      count: 2,
    });
    expect(res.statusCode).toBe(201);
    expect(calls).toBe(2);
    const url = res.json().images[0].imageUrl as string;
    expect(url).toMatch(/\.png$/);
    const image = await t.app.inject({ method: 'GET', url });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  // An error body and a generator that never answers (the time-out): 502, and the price back exactly once.
  it.skipIf(!available).each(['fail', 'hang'] as const)(
    'should answer 502 and refund once when the generator does %s',
    async (failure) => {
      mode = failure;
      const user = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 50 });
      const res = await requestsAs(t).post('/api/Image/generate-batch-images', user, {
        style: 'realistic',
        count: 2,
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('image_engine_failed');
      expect(res.json().error.message).toContain('refunded');
      expect(await balanceOf(t.db, user.id)).toBe(50);
      const moves = await t.db.query<{ delta: number; reason: string }>(
        "SELECT delta, reason FROM token_ledger WHERE user_id = $1 AND reason <> 'test' ORDER BY id",
        [user.id],
      );
      const price = CATALOGUE_PRICES.image * 2;
      expect(moves).toEqual([
        { delta: -price, reason: 'generate_images' },
        { delta: price, reason: 'refund_generate_images' },
      ]);
    },
  );
});
