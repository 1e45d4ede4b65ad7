import crypto from 'node:crypto';
import type { Database, Queryable } from '../db/database.ts';
import { LOOKS } from '../engines/image/appearance.ts';
import type { Background, Pose } from '../engines/image/appearance.ts';
import { SVG_CONTENT_TYPE } from '../engines/image/embedded-image-engine.ts';
import type { PortraitSpec } from '../engines/image/image-engine.ts';
import { insertImages } from '../engines/image/image-store.ts';
import { PAINTER_VERSION } from '../engines/image/portrait-svg.ts';
import type { NewImage } from '../engines/image/image-store.ts';
import { createRandom } from '../engines/image/random.ts';
import { SEED_CHARACTERS, personaText } from './characters.ts';
import type { SeedCharacter } from './characters.ts';
import { keyedId, seedCharacterId, stableId } from './ids.ts';
import { CATALOGUE_PRICES } from './prices.ts';

/** Body images per character and the pose of each (the first is the explore card). */
export const BODY_POSES: readonly Pose[] = ['portrait', 'waist-up', 'standing', 'over-shoulder'];

/** Gallery images per character: [pose, isSecret]. */
export const GALLERY_PLAN: readonly (readonly [Pose, boolean])[] = [
  ['standing', false],
  ['sitting', false],
  ['waist-up', true],
];

// Bump when the plan or the painter changes in a way that should rewrite stored specs.
const PLAN_VERSION = 1;

/** Version of the seed in code; the database is rewritten when it differs. */
export const SEED_VERSION = crypto
  .createHash('sha1')
  .update(
    JSON.stringify({
      PLAN_VERSION,
      PAINTER_VERSION,
      SEED_CHARACTERS,
      BODY_POSES,
      GALLERY_PLAN,
      CATALOGUE_PRICES,
    }),
  )
  .digest('hex')
  .slice(0, 16);

/** One row of person_model_images as the seeder writes it. */
interface PlannedImage {
  id: string;
  personModelId: string;
  kind: 'body' | 'gallery';
  position: number;
  isSecret: boolean;
  price: number;
  image: NewImage;
  preview: NewImage;
}

function specFor(character: SeedCharacter, pose: Pose, background: Background, seed: string): PortraitSpec {
  return {
    seed,
    style: character.isAnime ? 'anime' : 'realistic',
    ethnicity: character.ethnicity,
    eyeColor: character.eyes,
    hairStyle: character.hairStyle,
    hairColor: character.hairColor,
    bodyType: character.body,
    pose,
    background,
  };
}

/** Short hash of what a picture depends on: its spec and the painter version. */
export function imageVersion(spec: PortraitSpec): string {
  return crypto
    .createHash('sha1')
    .update(JSON.stringify({ spec, PAINTER_VERSION }))
    .digest('hex')
    .slice(0, 12);
}

/** Every image row of one character; paid full-size images get keyed (unguessable) ids. */
export function planImages(character: SeedCharacter, secret: string): PlannedImage[] {
  const personModelId = seedCharacterId(character.slug);
  const rnd = createRandom(`seed-backgrounds|${character.slug}`);
  const plan: PlannedImage[] = [];
  const add = (
    kind: 'body' | 'gallery',
    position: number,
    pose: Pose,
    isSecret: boolean,
    price: number,
    paidAccess: boolean,
  ): void => {
    const name = `${character.slug}:${kind}:${position}`;
    const spec = specFor(character, pose, rnd.pick(LOOKS.backgrounds), name);
    // The id names the picture, not the slot: new looks or a new painter give a new URL, so year-long caches stay right.
    const version = imageVersion(spec);
    const imageId = paidAccess
      ? keyedId(secret, `image:${name}:${version}`)
      : stableId(`image:${name}:${version}`);
    plan.push({
      id: stableId(`person-model-image:${name}`),
      personModelId,
      kind,
      position,
      isSecret,
      price,
      image: {
        id: imageId,
        ownerUserId: null,
        spec,
        contentType: SVG_CONTENT_TYPE,
        body: null,
        personModelId,
      },
      preview: {
        id: stableId(`preview:${name}:${version}`),
        ownerUserId: null,
        spec: { ...spec, preview: true },
        contentType: SVG_CONTENT_TYPE,
        body: null,
        personModelId,
      },
    });
  };
  BODY_POSES.forEach((pose, position) => {
    // The card image is always visible; the rest of a locked character's images open with the character.
    add('body', position, pose, false, 0, position > 0 && character.tier !== 'free');
  });
  GALLERY_PLAN.forEach(([pose, isSecret], position) => {
    add(
      'gallery',
      position,
      pose,
      isSecret,
      isSecret ? CATALOGUE_PRICES.secretGalleryImage : CATALOGUE_PRICES.galleryImage,
      true,
    );
  });
  return plan;
}

function unlockPrice(character: SeedCharacter): number {
  if (character.tier === 'premium') return CATALOGUE_PRICES.premiumModelUnlock;
  if (character.tier === 'locked') return CATALOGUE_PRICES.lockedModelUnlock;
  return 0;
}

async function upsertCharacters(tx: Queryable): Promise<void> {
  const params: unknown[] = [];
  const rows = SEED_CHARACTERS.map((character, index) => {
    const persona = {
      style: character.isAnime ? 'anime' : 'realistic',
      ethnicity: character.ethnicity,
      eyes: character.eyes,
      hairStyle: character.hairStyle,
      hairColor: character.hairColor,
      body: { body: character.body, breast: null, butt: null },
      occupation: character.occupation,
      personality: character.personality,
      hobby: character.hobbies,
      traits: { kink: 50, libido: 50, nudity: 50 },
      connectionType: 'girlfriend',
    };
    const base = params.length;
    params.push(
      seedCharacterId(character.slug),
      character.firstName,
      character.age,
      character.isAnime,
      character.tier === 'premium',
      character.tier === 'locked',
      unlockPrice(character),
      personaText(character),
      JSON.stringify(persona),
      character.utm,
      character.funnels,
      index,
    );
    const p = (i: number): string => `$${base + i}`;
    return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)}::jsonb, ${p(10)}::text[], ${p(11)}::text[], ${p(12)}, 'seed')`;
  });
  await tx.query(
    `INSERT INTO person_models (id, first_name, age, is_anime, is_premium, is_locked, unlock_price, description, persona, featured_utm_sources, funnels, rank, origin)
     VALUES ${rows.join(', ')}
     ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, age = EXCLUDED.age, is_anime = EXCLUDED.is_anime,
       is_premium = EXCLUDED.is_premium, is_locked = EXCLUDED.is_locked, unlock_price = EXCLUDED.unlock_price,
       description = EXCLUDED.description, persona = EXCLUDED.persona, featured_utm_sources = EXCLUDED.featured_utm_sources,
       funnels = EXCLUDED.funnels, rank = EXCLUDED.rank, updated_at = now()`,
    params,
  );
}

async function upsertImageRows(tx: Queryable, plan: readonly PlannedImage[]): Promise<void> {
  await insertImages(
    tx,
    plan.flatMap((row) => [row.image, row.preview]),
  );
  for (let start = 0; start < plan.length; start += 400) {
    const chunk = plan.slice(start, start + 400);
    const params: unknown[] = [];
    const rows = chunk.map((row) => {
      const base = params.length;
      params.push(
        row.id,
        row.personModelId,
        row.kind,
        row.position,
        row.isSecret,
        row.price,
        row.image.id,
        row.preview.id,
      );
      return `($${base + 1}, $${base + 2}, $${base + 3}, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8})`;
    });
    await tx.query(
      `INSERT INTO person_model_images (id, person_model_id, kind, position, is_secret, price, image_id, preview_image_id) VALUES ${rows.join(', ')}
       ON CONFLICT (id) DO UPDATE SET is_secret = EXCLUDED.is_secret, price = EXCLUDED.price, image_id = EXCLUDED.image_id, preview_image_id = EXCLUDED.preview_image_id`,
      params,
    );
  }
}

// Any constant works; shared by every instance seeding one PostgreSQL.
const SEED_LOCK_KEY = 727_100;

/**
 * Writes the seed catalogue when the database holds another version (or none); idempotent and
 * safe when several instances start together. Returns whether anything was written.
 */
export async function seedCatalogue(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    const current = await tx.query<{ version: string; image_secret: string }>(
      'SELECT version, image_secret FROM catalogue_seed WHERE id = 1',
    );
    if (current[0]?.version === SEED_VERSION) return false;
    const secret = current[0]?.image_secret ?? crypto.randomBytes(32).toString('base64url');
    await upsertCharacters(tx);
    await upsertImageRows(
      tx,
      SEED_CHARACTERS.flatMap((character) => planImages(character, secret)),
    );
    await tx.query(
      `INSERT INTO catalogue_seed (id, version, image_secret) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, applied_at = now()`,
      [SEED_VERSION, secret],
    );
    return true;
  });
}

const seeded = new WeakMap<Database, Promise<boolean>>();

/** {@link seedCatalogue} once per database handle; every catalogue feature awaits it at registration. */
export function ensureCatalogueSeeded(db: Database): Promise<boolean> {
  let pending = seeded.get(db);
  if (!pending) {
    pending = seedCatalogue(db);
    seeded.set(db, pending);
    // A failed seed must be retried by the next registration, not cached.
    pending.catch(() => seeded.delete(db));
  }
  return pending;
}
