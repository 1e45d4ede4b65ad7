import { describe, expect, it } from 'vitest';
import { describeEachBackend, useTestDatabase } from '../../test/backend-suites.ts';
import { SEED_CHARACTERS, personaText } from './characters.ts';
import { keyedId, seedCharacterId, stableId } from './ids.ts';
import { BODY_POSES, GALLERY_PLAN, imageVersion, planImages, seedCatalogue } from './seed-catalogue.ts';

describe('seed catalogue data', () => {
  it('should hold at least 40 adult characters, realistic and anime, some premium and some locked', () => {
    expect(SEED_CHARACTERS.length).toBeGreaterThanOrEqual(40);
    expect(SEED_CHARACTERS.every((c) => Number.isInteger(c.age) && c.age >= 18)).toBe(true);
    expect(SEED_CHARACTERS.filter((c) => c.isAnime).length).toBeGreaterThanOrEqual(10);
    expect(SEED_CHARACTERS.filter((c) => !c.isAnime).length).toBeGreaterThanOrEqual(10);
    expect(SEED_CHARACTERS.filter((c) => c.tier === 'premium').length).toBeGreaterThan(0);
    expect(SEED_CHARACTERS.filter((c) => c.tier === 'locked').length).toBeGreaterThan(0);
    expect(new Set(SEED_CHARACTERS.map((c) => c.slug)).size).toBe(SEED_CHARACTERS.length);
  });

  it("should fill every field of every character from its row, in the row's order", () => {
    const fields =
      'slug firstName age ethnicity eyes hairStyle hairColor body occupation personality hobbies';
    const rest = 'tagline tier funnels utm isAnime';
    for (const c of SEED_CHARACTERS) {
      expect(Object.keys(c).join(' ')).toBe(`${fields} ${rest}`);
      expect(Object.values(c).every((value) => value !== undefined)).toBe(true);
    }
    expect(SEED_CHARACTERS[0]).toMatchObject({ slug: 'sofia', firstName: 'Sofia', isAnime: false });
    expect(SEED_CHARACTERS.at(-1)?.isAnime).toBe(true);
  });

  it('should give every character a persona naming her', () => {
    for (const c of SEED_CHARACTERS) expect(personaText(c)).toContain(`${c.firstName}, ${c.age}.`);
  });

  it('should derive stable version-5 ids', () => {
    // A literal: if this changes, every saved link to a seed character breaks.
    expect(seedCharacterId('sofia')).toBe(stableId('character:sofia'));
    expect(seedCharacterId('sofia')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(seedCharacterId('sofia')).toBe('6055c485-4a3d-5ffb-9e6a-2c85f9cdf254');
    expect(keyedId('a', 'x')).not.toBe(keyedId('b', 'x'));
  });

  it('should hide paid full-size image ids behind the secret and keep the card image public', () => {
    const premium = SEED_CHARACTERS.find((c) => c.tier === 'premium')!;
    const plan = planImages(premium, 'secret-1');
    const card = plan.find((p) => p.kind === 'body' && p.position === 0)!;
    expect(card.image.id).toBe(stableId(`image:${premium.slug}:body:0:${imageVersion(card.image.spec)}`));
    const paid = plan.filter((p) => p.kind === 'gallery' || p.position > 0);
    expect(
      paid.every(
        (p) =>
          p.image.id ===
          keyedId('secret-1', `image:${premium.slug}:${p.kind}:${p.position}:${imageVersion(p.image.spec)}`),
      ),
    ).toBe(true);
    expect(plan).toHaveLength(BODY_POSES.length + GALLERY_PLAN.length);
    expect(plan.every((p) => p.preview.spec.preview === true)).toBe(true);
  });
});

describeEachBackend('seedCatalogue on $backend', 'database', (backend) => {
  const t = useTestDatabase(backend);

  it('should write the catalogue once and do nothing the second time', async () => {
    expect(await seedCatalogue(t.db)).toBe(true);
    expect(await seedCatalogue(t.db)).toBe(false);
    const [models] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM person_models WHERE owner_user_id IS NULL',
    );
    expect(models!.count).toBe(SEED_CHARACTERS.length);
    const [rows] = await t.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM person_model_images',
    );
    expect(rows!.count).toBe(SEED_CHARACTERS.length * (BODY_POSES.length + GALLERY_PLAN.length));
  });

  it('should rewrite a stale version without duplicating rows and keep paid image ids', async () => {
    const before = await t.db.query<{ image_id: string }>(
      'SELECT image_id FROM person_model_images ORDER BY id',
    );
    await t.db.query(`UPDATE catalogue_seed SET version = 'old'`);
    expect(await seedCatalogue(t.db)).toBe(true);
    const after = await t.db.query<{ image_id: string }>(
      'SELECT image_id FROM person_model_images ORDER BY id',
    );
    expect(after).toEqual(before);
  });

  it('should store sofia under her stable id', async () => {
    const rows = await t.db.query<{ first_name: string; is_anime: boolean }>(
      'SELECT first_name, is_anime FROM person_models WHERE id = $1',
      [seedCharacterId('sofia')],
    );
    expect(rows).toEqual([{ first_name: 'Sofia', is_anime: false }]);
  });
});
