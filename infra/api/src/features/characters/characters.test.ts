import crypto from 'node:crypto';
import type { PersonModel } from '@companion/contracts';
import { describe, expect, it } from 'vitest';
import { describeEachBackend, useTestApp } from '../../../test/backend-suites.ts';
import { SEED_CHARACTERS } from '../../seed/characters.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { balanceOf, createFixtureUser, requestsAs, useFixtureUser } from '../../seed/test-fixtures.ts';
import { loadImage } from '../../engines/image/image-store.ts';
import { renderPortraitSvg } from '../../engines/image/portrait-svg.ts';
import { svgToPng } from '../../engines/image/rasterize.ts';
import { charactersFeature, CREATED_BODY_IMAGES } from './index.ts';

const draft = {
  id: null,
  style: 'realistic',
  connectionType: 'girlfriend',
  likeToTry: ['flirting', 'romance'],
  intention: 'companionship',
  rolePlay: 'none',
  race: 'human',
  traits: { kink: 40, libido: 60 },
  age: 24,
  ethnicity: 'latina',
  eyes: 'green',
  hairStyle: 'long-wavy',
  hairColor: 'red',
  body: { body: 'curvy', breast: 'medium', butt: 'large' },
  features: ['freckles'],
  hobby: ['yoga', 'travel'],
  occupation: 'nurse',
  personality: 'caring',
  marital: 'single',
  name: 'Maya',
  voice: 'soft',
};

const slugOf = (tier: string) => SEED_CHARACTERS.find((c) => c.tier === tier)!;

describeEachBackend('characters on $backend', 'routes', (backend) => {
  const t = useTestApp(backend, { features: [charactersFeature()] });
  const alice = useFixtureUser(t, { tokens: 500 });
  const bob = useFixtureUser(t, { tokens: 5 });

  const { get, post } = requestsAs(t);

  describe('GET PersonModel/top', () => {
    it('should gzip large answers for clients that accept it', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/PersonModel/top',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      const plain = await t.app.inject({ method: 'GET', url: '/api/PersonModel/top' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(res.rawPayload.length);
    });

    it('should list the whole public catalogue with body images, anonymous or signed in', async () => {
      const res = await get('/api/PersonModel/top');
      expect(res.statusCode).toBe(200);
      const models = res.json<PersonModel[]>();
      expect(models).toHaveLength(SEED_CHARACTERS.length);
      expect(models[0]!.id).toBe(seedCharacterId(SEED_CHARACTERS[0]!.slug));
      expect(models.every((m) => m.isPublicModel && m.status === 'Offline' && m.age >= 18)).toBe(true);
      expect(models.some((m) => m.isAnime) && models.some((m) => !m.isAnime)).toBe(true);
      const first = models[0]!.bodyImages[0] as { imageUrl: string; isUnlocked: boolean };
      expect(first.imageUrl).toMatch(/^\/api\/images\/[0-9a-f-]{36}\.svg$/);
      expect((await get('/api/PersonModel/top', alice)).json()).toHaveLength(SEED_CHARACTERS.length);
    });

    it('should put characters featured for the utm source first', async () => {
      const featured = SEED_CHARACTERS.filter((c) => c.utm.includes('tiktok')).map((c) =>
        seedCharacterId(c.slug),
      );
      const models = (await get('/api/PersonModel/top?utmSource=TikTok')).json<PersonModel[]>();
      expect(models.slice(0, featured.length).map((m) => m.id)).toEqual(featured);
    });

    it('should reject a malformed utmSource naming the field', async () => {
      const res = await get('/api/PersonModel/top?utmSource=%3Cscript%3E');
      expect(res.statusCode).toBe(400);
      expect(res.json().error.field).toBe('utmSource');
    });

    it('should show locked and premium characters as locked with only the card image open', async () => {
      const models = (await get('/api/PersonModel/top', alice)).json<PersonModel[]>();
      const premium = models.find((m) => m.id === seedCharacterId(slugOf('premium').slug))!;
      expect(premium.isPremium && premium.isLockedPremiumModel).toBe(true);
      const images = premium.bodyImages as { isUnlocked: boolean }[];
      expect(images.map((i) => i.isUnlocked)).toEqual([true, false, false, false]);
      const locked = models.find((m) => m.id === seedCharacterId(slugOf('locked').slug))!;
      expect(locked.isLocked).toBe(true);
    });
  });

  describe('funnels and details', () => {
    it('should list a funnel product and 404 an unknown one', async () => {
      const res = await get('/api/PersonModel/quickdate-net-funnel-person-models');
      expect(res.statusCode).toBe(200);
      const expected = SEED_CHARACTERS.filter((c) => c.funnels.includes('quickdate')).map((c) =>
        seedCharacterId(c.slug),
      );
      expect(res.json<PersonModel[]>().map((m) => m.id)).toEqual(expected);
      const unknown = await get('/api/PersonModel/nope-net-funnel-person-models');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe('unknown_funnel');
      expect((await get('/api/PersonModel/whatever')).statusCode).toBe(404);
    });

    it('should return one character, 404 for an unknown id and 400 for a malformed one', async () => {
      const id = seedCharacterId('sofia');
      const res = await get(`/api/PersonModel/get-person/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, firstName: 'Sofia', isAnime: false });
      expect((await get('/api/PersonModel/get-person/00000000-0000-4000-8000-000000000000')).statusCode).toBe(
        404,
      );
      const bad = await get('/api/PersonModel/get-person/not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('id');
    });
  });

  describe('creation', () => {
    let created: PersonModel;

    it('should create a private character, charge the creation price and draw its body images', async () => {
      const before = await balanceOf(t.db, alice.id);
      const res = await post('/api/PersonModel/create', alice, draft);
      expect(res.statusCode).toBe(201);
      created = res.json<PersonModel>();
      expect(created).toMatchObject({
        firstName: 'Maya',
        age: 24,
        isAnime: false,
        isPublicModel: false,
        isLocked: false,
      });
      expect(created.bodyImages).toHaveLength(CREATED_BODY_IMAGES);
      expect(Date.now() - Date.parse(created.createdAt!)).toBeLessThan(60_000);
      expect(await balanceOf(t.db, alice.id)).toBe(before - CATALOGUE_PRICES.personModelCreation);
      const [persona] = await t.db.query<{ persona: { traits: { nudity: number; kink: number } } }>(
        'SELECT persona FROM person_models WHERE id = $1',
        [created.id],
      );
      // Missing traits take the spec's default of 50.
      expect(persona!.persona.traits).toEqual({ kink: 40, libido: 60, nudity: 50 });
    });

    it('should list created characters for their owner only', async () => {
      expect(
        (await get('/api/PersonModel/get-created-persons', alice)).json<PersonModel[]>().map((m) => m.id),
      ).toEqual([created.id]);
      expect((await get('/api/PersonModel/get-created-persons', bob)).json()).toEqual([]);
      expect((await get('/api/PersonModel/get-created-persons')).statusCode).toBe(401);
    });

    it("should answer 403 when another user reads or renames someone's character", async () => {
      expect((await get(`/api/PersonModel/get-person/${created.id}`, alice)).statusCode).toBe(200);
      expect((await get(`/api/PersonModel/get-person/${created.id}`, bob)).statusCode).toBe(403);
      expect((await get(`/api/PersonModel/get-person/${created.id}`)).statusCode).toBe(401);
      const rename = await post('/api/PersonModel/rename-model', bob, {
        PersonModelId: created.id,
        name: 'Hacked',
      });
      expect(rename.statusCode).toBe(403);
      const [row] = await t.db.query<{ first_name: string }>(
        'SELECT first_name FROM person_models WHERE id = $1',
        [created.id],
      );
      expect(row!.first_name).toBe('Maya');
    });

    it('should rename an own character and refuse catalogue characters and bad names', async () => {
      const res = await post('/api/PersonModel/rename-model', alice, {
        PersonModelId: created.id,
        name: '  Maya Rose ',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().firstName).toBe('Maya Rose');
      expect(
        (
          await post('/api/PersonModel/rename-model', alice, {
            PersonModelId: seedCharacterId('sofia'),
            name: 'X',
          })
        ).statusCode,
      ).toBe(403);
      const bad = await post('/api/PersonModel/rename-model', alice, {
        PersonModelId: created.id,
        name: '<b>',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('name');
    });

    it('should soft-delete an own character, hide it from My AI and restore it unchanged', async () => {
      const list = async () =>
        (await get('/api/PersonModel/get-created-persons', alice)).json<PersonModel[]>().map((m) => m.id);
      expect(await list()).toContain(created.id);
      const del = await post('/api/PersonModel/delete-model', alice, { PersonModelId: created.id });
      expect(del.statusCode).toBe(200);
      expect(del.json()).toEqual({ personModelId: created.id, isDeleted: true });
      expect(await list()).not.toContain(created.id);
      // Deleting twice keeps the first time.
      expect(
        (await post('/api/PersonModel/delete-model', alice, { PersonModelId: created.id })).statusCode,
      ).toBe(200);
      const restore = await post('/api/PersonModel/restore-model', alice, { PersonModelId: created.id });
      expect(restore.statusCode).toBe(200);
      expect(restore.json()).toEqual({ personModelId: created.id, isDeleted: false });
      expect(await list()).toContain(created.id);
    });

    it("should refuse deleting someone else's, catalogue or unknown characters and bad ids", async () => {
      expect(
        (await post('/api/PersonModel/delete-model', bob, { PersonModelId: created.id })).statusCode,
      ).toBe(403);
      expect(
        (await post('/api/PersonModel/restore-model', bob, { PersonModelId: created.id })).statusCode,
      ).toBe(403);
      const catalogue = await post('/api/PersonModel/delete-model', alice, {
        PersonModelId: seedCharacterId('sofia'),
      });
      expect(catalogue.statusCode).toBe(403);
      expect(catalogue.json().error.code).toBe('not_owner');
      expect(
        (await post('/api/PersonModel/delete-model', alice, { PersonModelId: crypto.randomUUID() }))
          .statusCode,
      ).toBe(404);
      const bad = await post('/api/PersonModel/delete-model', alice, { PersonModelId: 'nope' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('PersonModelId');
      expect(
        (await post('/api/PersonModel/delete-model', null, { PersonModelId: created.id })).statusCode,
      ).toBe(401);
      expect(
        (await get('/api/PersonModel/get-created-persons', alice)).json<PersonModel[]>().map((m) => m.id),
      ).toContain(created.id);
    });

    it('should export an own character as a V3 card (JSON and PNG) that imports back into the same draft', async () => {
      const json = await get(`/api/PersonModel/export-card/${created.id}?format=json`, alice);
      expect(json.statusCode).toBe(200);
      expect(json.headers['content-disposition']).toContain('.json');
      const card = json.json();
      expect(card.spec).toBe('chara_card_v3');
      const png = await get(`/api/PersonModel/export-card/${created.id}?format=png`, alice);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      const wrapped = await get(`/api/PersonModel/export-card/${created.id}?format=png&base64=true`, alice);
      expect(wrapped.json()).toMatchObject({
        contentType: 'image/png',
        fileName: expect.stringMatching(/\.card\.png$/),
      });
      expect(Buffer.from(wrapped.json().base64, 'base64').equals(png.rawPayload)).toBe(true);
      // The PNG is the character's own portrait, rasterised, with the card chunks added before IEND.
      const first = created.bodyImages[0]!;
      const portraitId = /([0-9a-f-]{36})\.svg$/.exec(
        typeof first === 'string' ? first : first.imageUrl,
      )![1]!;
      const stored = (await loadImage(t.db, portraitId))!;
      const portrait = svgToPng(renderPortraitSvg(stored.spec), 400);
      expect(portrait.readUInt32BE(16)).toBe(400);
      expect(portrait.readUInt32BE(20)).toBe(600);
      const withoutEnd = portrait.subarray(0, portrait.length - 12);
      expect(png.rawPayload.subarray(0, withoutEnd.length).equals(withoutEnd)).toBe(true);
      for (const file of [Buffer.from(json.body), png.rawPayload]) {
        const imported = await post('/api/PersonModel/import-card', alice, {
          file: file.toString('base64'),
        });
        expect(imported.statusCode).toBe(200);
        const { draft: back } = imported.json();
        const { id: _id, ...expected } = {
          ...draft,
          traits: { kink: 40, libido: 60, nudity: 50 },
          name: card.data.name,
        };
        expect(back).toEqual({ ...expected, id: null });
      }
    });

    it("should refuse exporting others' or catalogue characters and malformed or oversized imports", async () => {
      expect((await get(`/api/PersonModel/export-card/${created.id}`, bob)).statusCode).toBe(403);
      expect((await get(`/api/PersonModel/export-card/${seedCharacterId('sofia')}`, alice)).statusCode).toBe(
        403,
      );
      const badFormat = await get(`/api/PersonModel/export-card/${created.id}?format=gif`, alice);
      expect(badFormat.statusCode).toBe(400);
      expect(badFormat.json().error.field).toBe('format');
      const notJson = await post('/api/PersonModel/import-card', alice, {
        file: Buffer.from('{oops').toString('base64'),
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json().error).toMatchObject({ code: 'card_malformed', field: 'file' });
      const tooBig = await post('/api/PersonModel/import-card', alice, {
        file: Buffer.alloc(700 * 1024 + 10, 32).toString('base64'),
      });
      expect(tooBig.statusCode).toBe(413);
      expect(tooBig.json().error.field).toBe('file');
      const notBase64 = await post('/api/PersonModel/import-card', alice, { file: '***' });
      expect(notBase64.statusCode).toBe(400);
      expect(notBase64.json().error.field).toBe('file');
      expect(
        (await get('/api/PersonModel/get-created-persons', alice)).json<PersonModel[]>().length,
      ).toBeGreaterThan(0);
    });

    it('should validate every draft field and name it', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ age: 17 }, 'age'],
        [{ age: 24.5 }, 'age'],
        [{ style: 'cartoon' }, 'style'],
        [{ traits: { kink: 101 } }, 'traits.kink'],
        [{ traits: { libido: -1 } }, 'traits.libido'],
        [{ ethnicity: 'martian' }, 'ethnicity'],
        [{ eyes: 'red' }, 'eyes'],
        [{ hairStyle: 'mohawk' }, 'hairStyle'],
        [{ hairColor: 'green' }, 'hairColor'],
        [{ body: { breast: 'huge' } }, 'body.breast'],
        [{ body: { butt: 'tiny' } }, 'body.butt'],
        [{ body: { body: 'fat' } }, 'body.body'],
        [{ likeToTry: ['skydiving'] }, 'likeToTry.0'],
        [{ features: ['a', 'b'] }, 'features.0'],
        [{ hobby: ['reading', 'gaming', 'yoga', 'travel', 'music', 'art'] }, 'hobby'],
        [{ occupation: 'pirate' }, 'occupation'],
        [{ personality: 'evil' }, 'personality'],
        [{ marital: 'complicated' }, 'marital'],
        [{ connectionType: 'enemy' }, 'connectionType'],
        [{ intention: 'x' }, 'intention'],
        [{ rolePlay: 'x' }, 'rolePlay'],
        [{ race: 'robot' }, 'race'],
        [{ voice: 'robotic' }, 'voice'],
        [{ name: '' }, 'name'],
        [{ name: 'x'.repeat(41) }, 'name'],
      ];
      const before = await balanceOf(t.db, alice.id);
      for (const [patch, field] of cases) {
        const res = await post('/api/PersonModel/create', alice, { ...draft, ...patch });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().error.field, JSON.stringify(patch)).toBe(field);
      }
      expect(await balanceOf(t.db, alice.id)).toBe(before);
    });

    it('should create anime characters only on create-anime-person', async () => {
      const wrong = await post('/api/PersonModel/create-anime-person', alice, draft);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.field).toBe('style');
      const res = await post('/api/PersonModel/create-anime-person', alice, {
        ...draft,
        style: 'anime',
        name: 'Hoshi',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().isAnime).toBe(true);
    });

    it('should refuse creation without enough tokens and write nothing', async () => {
      const res = await post('/api/PersonModel/create', bob, draft);
      expect(res.statusCode).toBe(402);
      expect(res.json().error.code).toBe('insufficient_tokens');
      const rows = await t.db.query('SELECT 1 FROM person_models WHERE owner_user_id = $1', [bob.id]);
      expect(rows).toHaveLength(0);
      expect(await balanceOf(t.db, bob.id)).toBe(5);
    });

    it('should create a character at POST PersonModel/{token} once per token and charge once', async () => {
      const token = crypto.randomUUID();
      const before = await balanceOf(t.db, alice.id);
      const [first, second] = await Promise.all([
        post(`/api/PersonModel/${token}`, alice, { ...draft, name: 'Tess' }),
        post(`/api/PersonModel/${token}`, alice, { ...draft, name: 'Tess' }),
      ]);
      expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
      expect(first.json().id).toBe(token);
      expect(second.json().id).toBe(token);
      expect(first.json()).toMatchObject({ firstName: 'Tess', isPublicModel: false });
      expect(await balanceOf(t.db, alice.id)).toBe(before - CATALOGUE_PRICES.personModelCreation);
      const again = await post(`/api/PersonModel/${token}`, alice, { ...draft, name: 'Tess' });
      expect(again.statusCode).toBe(200);
      expect(await balanceOf(t.db, alice.id)).toBe(before - CATALOGUE_PRICES.personModelCreation);
      const stolen = await post(`/api/PersonModel/${token}`, bob, draft);
      expect(stolen.statusCode).toBe(409);
      expect(stolen.json().error.field).toBe('token');
      const badToken = await post('/api/PersonModel/not-a-uuid', alice, draft);
      expect(badToken.statusCode).toBe(400);
      expect(badToken.json().error.field).toBe('token');
      const badDraft = await post(`/api/PersonModel/${crypto.randomUUID()}`, alice, { ...draft, age: 7 });
      expect(badDraft.statusCode).toBe(400);
      expect(badDraft.json().error.field).toBe('age');
      expect((await post(`/api/PersonModel/${crypto.randomUUID()}`, null, draft)).statusCode).toBe(401);
    });

    it('should create one free quickdate character per user and return it again on retry', async () => {
      const first = await post('/api/PersonModel/create-landing-model-quickdate', bob, {
        ...draft,
        name: 'Quinn',
      });
      expect(first.statusCode).toBe(201);
      const again = await post('/api/PersonModel/create-landing-model-quickdate', bob, {
        ...draft,
        name: 'Other',
      });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(first.json().id);
      expect(await balanceOf(t.db, bob.id)).toBe(5);
    });
  });

  describe('unlocks', () => {
    const premiumId = seedCharacterId(slugOf('premium').slug);
    const lockedId = seedCharacterId(slugOf('locked').slug);

    it('should unlock a locked character for its price and open its images', async () => {
      const before = await balanceOf(t.db, alice.id);
      const res = await post('/api/PersonModel/unlock', alice, { PersonModelId: lockedId });
      expect(res.statusCode).toBe(200);
      expect(res.json().remainingTokens).toBe(before - CATALOGUE_PRICES.lockedModelUnlock);
      const model = res.json().personModel as PersonModel;
      expect(model.isLocked).toBe(false);
      expect((model.bodyImages as { isUnlocked: boolean }[]).every((i) => i.isUnlocked)).toBe(true);
      // Unlocks are per user.
      expect((await get(`/api/PersonModel/get-person/${lockedId}`, bob)).json().isLocked).toBe(true);
      const inTop = (models: PersonModel[]) => models.find((m) => m.id === lockedId)!;
      expect(inTop((await get('/api/PersonModel/top', alice)).json<PersonModel[]>()).isLocked).toBe(false);
      expect(inTop((await get('/api/PersonModel/top', bob)).json<PersonModel[]>()).isLocked).toBe(true);
      expect(inTop((await get('/api/PersonModel/top')).json<PersonModel[]>()).isLocked).toBe(true);
    });

    it('should answer 409 for a second unlock, the wrong unlock kind and a free character', async () => {
      expect(
        (await post('/api/PersonModel/unlock', alice, { PersonModelId: lockedId })).json().error.code,
      ).toBe('already_unlocked');
      expect(
        (await post('/api/PersonModel/unlock', alice, { PersonModelId: premiumId })).json().error.code,
      ).toBe('premium_model');
      expect(
        (await post('/api/PersonModel/unlock-premium-model', alice, { PersonModelId: lockedId })).json().error
          .code,
      ).toBe('not_premium');
      const free = await post('/api/PersonModel/unlock', alice, {
        PersonModelId: seedCharacterId('sofia'),
      });
      expect(free.statusCode).toBe(409);
      expect(free.json().error.code).toBe('not_locked');
    });

    it('should reject a missing or malformed PersonModelId and unknown characters', async () => {
      const missing = await post('/api/PersonModel/unlock', alice, {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.field).toBe('PersonModelId');
      expect((await post('/api/PersonModel/unlock', alice, { PersonModelId: 'x' })).statusCode).toBe(400);
      expect(
        (
          await post('/api/PersonModel/unlock', alice, {
            PersonModelId: '00000000-0000-4000-8000-000000000000',
          })
        ).statusCode,
      ).toBe(404);
      expect((await post('/api/PersonModel/unlock', null, { PersonModelId: premiumId })).statusCode).toBe(
        401,
      );
    });

    it('should refuse a premium unlock the balance cannot pay and leave it locked', async () => {
      const res = await post('/api/PersonModel/unlock-premium-model', bob, { PersonModelId: premiumId });
      expect(res.statusCode).toBe(402);
      expect((await get(`/api/PersonModel/get-person/${premiumId}`, bob)).json().isLockedPremiumModel).toBe(
        true,
      );
    });

    it('should spend exactly once when the same premium unlock arrives 10 times at once', async () => {
      const carol = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 1000 });
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post('/api/PersonModel/unlock-premium-model', carol, { PersonModelId: premiumId }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, ...Array<number>(9).fill(409)]);
      expect(await balanceOf(t.db, carol.id)).toBe(1000 - CATALOGUE_PRICES.premiumModelUnlock);
      const ledger = await t.db.query('SELECT 1 FROM token_ledger WHERE user_id = $1 AND delta < 0', [
        carol.id,
      ]);
      expect(ledger).toHaveLength(1);
    });
  });
});
