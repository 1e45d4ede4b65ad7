import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { FUNNEL_PRODUCTS, SEED_CHARACTERS } from '../../seed/characters.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { useFixtureUser } from '../../seed/test-fixtures.ts';
import type { FixtureUser } from '../../seed/test-fixtures.ts';
import { charactersFeature } from './index.ts';
import { PublicCatalogue } from './person-models.ts';

// The uncached answer, made the way the routes made it before the reply cache: the model objects handed to
// Fastify (JSON serializer, then `@fastify/compress`), from a catalogue of its own.
const referenceFeature: FeaturePlugin = async (app, { db }) => {
  const catalogue = new PublicCatalogue(db);
  app.get('/reference/top', { preHandler: app.authenticateOptional }, async (request) => {
    const raw = (request.query as { utmSource?: string }).utmSource;
    const source = raw ? raw.trim().toLowerCase() : null;
    const featured = (row: { featured_utm_sources: string[] }): number =>
      source && row.featured_utm_sources.includes(source) ? 0 : 1;
    return catalogue.list(
      request.user?.id ?? null,
      () => true,
      (a, b) => featured(a) - featured(b),
    );
  });
  app.get('/reference/funnel/:product', { preHandler: app.authenticateOptional }, async (request) => {
    const { product } = request.params as { product: string };
    return catalogue.list(request.user?.id ?? null, (row) => row.funnels.includes(product));
  });
};

const body = (res: LightMyRequestResponse): string =>
  res.headers['content-encoding'] === 'gzip'
    ? zlib.gunzipSync(res.rawPayload).toString('utf8')
    : res.rawPayload.toString('utf8');

const HEADERS = ['content-type', 'content-encoding', 'vary', 'cache-control'] as const;

const ENCODINGS = [undefined, 'gzip, deflate, br, zstd', 'gzip', 'br', 'gzip;q=0, br', '*', 'x-gzip'];

describeEachBackend('explore list cache on $backend', 'cached answers', (backend) => {
  const t = useTestApp(backend, { features: [charactersFeature(), referenceFeature] });
  const alice = useFixtureUser(t, { tokens: 5000 });
  const bob = useFixtureUser(t, { tokens: 5000 });

  const featuredSource = SEED_CHARACTERS.find((c) => c.utm.length > 0)!.utm[0]!;
  const variants: [cached: string, reference: string][] = [
    ['/api/PersonModel/top', '/api/reference/top'],
    [`/api/PersonModel/top?utmSource=${featuredSource}`, `/api/reference/top?utmSource=${featuredSource}`],
    [
      `/api/PersonModel/top?utmSource=${featuredSource.toUpperCase()}`,
      `/api/reference/top?utmSource=${featuredSource}`,
    ],
    [
      '/api/PersonModel/top?utmSource=nobody-features-this',
      '/api/reference/top?utmSource=nobody-features-this',
    ],
    ...FUNNEL_PRODUCTS.map((product): [string, string] => [
      `/api/PersonModel/${product}-net-funnel-person-models`,
      `/api/reference/funnel/${product}`,
    ]),
  ];

  const expectSameAnswers = async (user: FixtureUser | null) => {
    for (const [cached, reference] of variants) {
      for (const encoding of ENCODINGS) {
        const headers = {
          ...(user ? user.headers : {}),
          ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
        };
        const want = await t.app.inject({ method: 'GET', url: reference, headers });
        // Twice: the first answer fills the cache, the second comes from it.
        for (let i = 0; i < 2; i++) {
          const got = await t.app.inject({ method: 'GET', url: cached, headers });
          const where = `${cached} as ${user ? 'a user' : 'a visitor'}, accept-encoding ${encoding}`;
          expect(got.statusCode, where).toBe(200);
          for (const name of HEADERS) expect(got.headers[name], `${where}: ${name}`).toBe(want.headers[name]);
          expect(body(got), where).toBe(body(want));
        }
      }
    }
  };

  it('should answer what the uncached route answers, for every variant, visitor and encoding', async () => {
    await expectSameAnswers(null);
    await expectSameAnswers(alice);
    await expectSameAnswers(bob);
  });

  it('should show a user their own unlocks after an unlock, and nobody else', async () => {
    const locked = SEED_CHARACTERS.find((c) => c.tier === 'locked')!;
    const premium = SEED_CHARACTERS.find((c) => c.tier === 'premium')!;
    const isLocked = async (user: FixtureUser, id: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/PersonModel/top', headers: user.headers }))
        .json<{ id: string; isLocked: boolean }[]>()
        .find((m) => m.id === id)!.isLocked;
    const lockedId = seedCharacterId(locked.slug);
    expect(await isLocked(bob, lockedId)).toBe(true);
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/api/PersonModel/unlock',
      headers: bob.headers,
      payload: { PersonModelId: lockedId },
    });
    expect(unlock.statusCode).toBe(200);
    expect(await isLocked(bob, lockedId)).toBe(false);
    expect(await isLocked(alice, lockedId)).toBe(true);
    await expectSameAnswers(bob);
    const premiumUnlock = await t.app.inject({
      method: 'POST',
      url: '/api/PersonModel/unlock-premium-model',
      headers: bob.headers,
      payload: { PersonModelId: seedCharacterId(premium.slug) },
    });
    expect(premiumUnlock.statusCode).toBe(200);
    await expectSameAnswers(bob);
    await expectSameAnswers(alice);
    await expectSameAnswers(null);
  });

  it('should refuse a bad token as the uncached route does', async () => {
    const headers = { authorization: 'Bearer not-a-token' };
    for (const [cached, reference] of variants) {
      const got = await t.app.inject({ method: 'GET', url: cached, headers });
      const want = await t.app.inject({ method: 'GET', url: reference, headers });
      expect(got.statusCode, cached).toBe(401);
      expect(got.body, cached).toBe(want.body);
    }
  });

  it('should reuse a cached list until the catalogue is invalidated', async () => {
    const catalogue = new PublicCatalogue(t.db);
    const all = () => true;
    const cached = async (userId: string | null) =>
      catalogue.cachedList('all', await catalogue.unlocksOf(userId), all);
    const first = await cached(null);
    expect(await cached(alice.id)).toBe(first);
    expect(await cached(bob.id)).not.toBe(first);
    await t.db.query(`UPDATE person_models SET first_name = first_name || '!' WHERE id = $1`, [
      seedCharacterId(SEED_CHARACTERS[0]!.slug),
    ]);
    expect(await cached(null)).toBe(first);
    catalogue.invalidate();
    const fresh = await cached(null);
    expect(fresh).not.toBe(first);
    expect(fresh.body.toString('utf8')).toBe(JSON.stringify(await catalogue.list(null, all)));
    expect(fresh.body.toString('utf8')).toContain(`"firstName":"${SEED_CHARACTERS[0]!.firstName}!"`);
    expect(zlib.gunzipSync(fresh.gzip())).toEqual(fresh.body);
  });
});
