import type { GalleryImage } from '@companion/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestApp } from '../../../test/harness.ts';
import type { TestApp } from '../../../test/harness.ts';
import { SEED_CHARACTERS } from '../../seed/characters.ts';
import { seedCharacterId } from '../../seed/ids.ts';
import { CATALOGUE_PRICES } from '../../seed/prices.ts';
import { GALLERY_PLAN } from '../../seed/seed-catalogue.ts';
import { balanceOf, createFixtureUser } from '../../seed/test-fixtures.ts';
import type { FixtureUser } from '../../seed/test-fixtures.ts';
import { charactersFeature } from '../characters/index.ts';
import { galleryFeature } from './index.ts';

const perCharacter = (secret: boolean) => GALLERY_PLAN.filter(([, isSecret]) => isSecret === secret).length;

describe.each(BACKENDS)('gallery on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('routes', () => {
    let t: TestApp;
    let alice: FixtureUser;
    let bob: FixtureUser;
    beforeAll(async () => {
      t = await createTestApp(backend, { features: [galleryFeature(), charactersFeature()] });
      alice = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 100, nsfwConfirmed: true });
      bob = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 3, nsfwConfirmed: true });
    });
    afterAll(async () => t?.close());

    const list = (query: string, user: FixtureUser | null = alice) =>
      t.app.inject({
        method: 'GET',
        url: `/api/Gallery/get-gallery-images${query}`,
        ...(user ? { headers: user.headers } : {}),
      });
    const unlock = (galleryImageId: unknown, user: FixtureUser = alice) =>
      t.app.inject({
        method: 'POST',
        url: '/api/Gallery/unlock',
        headers: user.headers,
        payload: { galleryImageId },
      });

    it('should list gallery images by category and secret flag, locked behind previews', async () => {
      const anime = (await list('?category=anime&isSecretContentRequested=false')).json<GalleryImage[]>();
      expect(anime).toHaveLength(SEED_CHARACTERS.filter((c) => c.isAnime).length * perCharacter(false));
      expect(
        anime.every(
          (i) =>
            i.category === 'anime' &&
            !i.isSecretContent &&
            !i.isUnlocked &&
            i.price === CATALOGUE_PRICES.galleryImage,
        ),
      ).toBe(true);
      const secret = (await list('?category=realistic&isSecretContentRequested=true')).json<GalleryImage[]>();
      expect(secret).toHaveLength(SEED_CHARACTERS.filter((c) => !c.isAnime).length * perCharacter(true));
      expect(
        secret.every(
          (i) =>
            i.category === 'realistic' &&
            i.isSecretContent &&
            i.price === CATALOGUE_PRICES.secretGalleryImage,
        ),
      ).toBe(true);
      // Spec 000 §5: anything other than anime is realistic.
      expect(
        (await list('?category=whatever')).json<GalleryImage[]>().every((i) => i.category === 'realistic'),
      ).toBe(true);
    });

    it('should filter by character and reject bad queries naming the field', async () => {
      const sofia = seedCharacterId('sofia');
      const images = (await list(`?personModelId=${sofia}`)).json<GalleryImage[]>();
      expect(images.length).toBe(perCharacter(false));
      expect(images.every((i) => i.personModelId === sofia)).toBe(true);
      const bad = await list('?isSecretContentRequested=maybe');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('isSecretContentRequested');
      expect((await list('?personModelId=x')).json().error.field).toBe('personModelId');
      expect((await list('', null)).statusCode).toBe(401);
    });

    it('should unlock an image for its price, reveal the full image and keep it locked for others', async () => {
      const [image] = (await list('')).json<GalleryImage[]>();
      const before = await balanceOf(t.db, alice.id);
      const res = await unlock(image!.galleryImageId);
      expect(res.statusCode).toBe(200);
      expect(res.json().remainingTokens).toBe(before - image!.price);
      const unlocked = res.json().galleryImage as GalleryImage;
      expect(unlocked.isUnlocked).toBe(true);
      expect(unlocked.imageUrl).not.toBe(image!.imageUrl);
      const forBob = (await list('', bob))
        .json<GalleryImage[]>()
        .find((i) => i.galleryImageId === image!.galleryImageId)!;
      expect(forBob.isUnlocked).toBe(false);
      expect(forBob.imageUrl).toBe(image!.imageUrl);
      expect(
        (await list('')).json<GalleryImage[]>().find((i) => i.galleryImageId === image!.galleryImageId)!
          .isUnlocked,
      ).toBe(true);
    });

    // The character's own API shows what the gallery unlocked, to its unlocker only.
    it("should list an unlocked gallery image among the character's images for the unlocker only", async () => {
      const carol = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 100, nsfwConfirmed: true });
      const [image] = (await list('?category=anime&isSecretContentRequested=false', carol)).json<
        GalleryImage[]
      >();
      const person = (user: FixtureUser) =>
        t.app.inject({
          method: 'GET',
          url: `/api/PersonModel/get-person/${image!.personModelId}`,
          headers: user.headers,
        });
      const ids = async (user: FixtureUser) =>
        (await person(user)).json<{ bodyImages: { id: string }[] }>().bodyImages.map((i) => i.id);
      expect(await ids(carol)).not.toContain(image!.galleryImageId);
      const unlocked = (await unlock(image!.galleryImageId, carol)).json<{ galleryImage: GalleryImage }>()
        .galleryImage;
      const after = (await person(carol)).json<{
        bodyImages: { id: string; imageUrl: string; isUnlocked: boolean }[];
      }>();
      expect(after.bodyImages.at(-1)).toEqual({
        id: image!.galleryImageId,
        imageUrl: unlocked.imageUrl,
        isUnlocked: true,
      });
      expect(await ids(bob)).not.toContain(image!.galleryImageId);
    });

    it('should answer 409 on a second unlock, 404 for unknown ids and 400 for malformed ones', async () => {
      const [image] = (await list('')).json<GalleryImage[]>();
      const again = await unlock(image!.galleryImageId);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.code).toBe('already_unlocked');
      expect((await unlock('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      const bad = await unlock(42);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.field).toBe('galleryImageId');
    });

    it('should keep secret content from users who have not confirmed adult content', async () => {
      const dave = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 100 });
      const res = await list('?isSecretContentRequested=true', dave);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'nsfw_not_confirmed',
        field: 'isSecretContentRequested',
      });
      expect((await list('?isSecretContentRequested=false', dave)).statusCode).toBe(200);
      const [secret] = (await list('?isSecretContentRequested=true')).json<GalleryImage[]>();
      const unlock403 = await unlock(secret!.galleryImageId, dave);
      expect(unlock403.statusCode).toBe(403);
      expect(await balanceOf(t.db, dave.id)).toBe(100);
    });

    it('should refuse an unlock the balance cannot pay without recording it', async () => {
      const [image] = (await list('?isSecretContentRequested=true', bob)).json<GalleryImage[]>();
      const res = await unlock(image!.galleryImageId, bob);
      expect(res.statusCode).toBe(402);
      expect(await balanceOf(t.db, bob.id)).toBe(3);
      expect(await t.db.query('SELECT 1 FROM gallery_unlocks WHERE user_id = $1', [bob.id])).toHaveLength(0);
    });

    it('should spend exactly once when one unlock arrives 10 times at once', async () => {
      const carol = await createFixtureUser(t.db, t.config.jwtSecret!, { tokens: 100 });
      const [, image] = (await list('', carol)).json<GalleryImage[]>();
      const results = await Promise.all(
        Array.from({ length: 10 }, () => unlock(image!.galleryImageId, carol)),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
      expect(await balanceOf(t.db, carol.id)).toBe(100 - image!.price);
    });
  });
});
