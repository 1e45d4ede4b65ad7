import zlib from 'node:zlib';
import type { PersonModel } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import { imageUrl } from '../../engines/image/image-store.ts';

/** A person_models row joined with the caller's unlock. */
export interface PersonModelRow {
  id: string;
  owner_user_id: string | null;
  first_name: string;
  last_name: string | null;
  age: number;
  is_anime: boolean;
  is_premium: boolean;
  is_locked: boolean;
  unlock_price: number;
  description: string | null;
  origin: string;
  created_at: Date | string;
  unlocked: boolean;
}

/** A body image with its full and preview files. */
export interface BodyImageRow {
  id: string;
  person_model_id: string;
  position: number;
  image_id: string;
  image_type: string;
  preview_id: string;
  preview_type: string;
}

const SELECT = `SELECT pm.id, pm.owner_user_id, pm.first_name, pm.last_name, pm.age, pm.is_anime, pm.is_premium, pm.is_locked,
  pm.unlock_price, pm.description, pm.origin, pm.created_at, (u.user_id IS NOT NULL) AS unlocked
  FROM person_models pm
  LEFT JOIN person_model_unlocks u ON u.person_model_id = pm.id AND u.user_id = $1::uuid`;

/** Loads rows with the caller's unlock state; `where` may use $2… after `$1` = user id (nullable). */
export async function selectPersonModels(
  db: Queryable,
  userId: string | null,
  where: string,
  params: readonly unknown[] = [],
): Promise<PersonModelRow[]> {
  return db.query<PersonModelRow>(`${SELECT} ${where}`, [userId, ...params]);
}

/** Body images of characters, keyed by character id, in position order. */
export type BodyImageMap = Map<string, BodyImageRow[]>;

/** Loads the body images of the given characters. */
export async function loadBodyImages(db: Queryable, ids: readonly string[]): Promise<BodyImageMap> {
  const byModel: BodyImageMap = new Map();
  if (ids.length === 0) return byModel;
  const images = await db.query<BodyImageRow>(
    `SELECT pmi.id, pmi.person_model_id, pmi.position, i.id AS image_id, i.content_type AS image_type, p.id AS preview_id, p.content_type AS preview_type
     FROM person_model_images pmi
     JOIN images i ON i.id = pmi.image_id
     JOIN images p ON p.id = pmi.preview_image_id
     WHERE pmi.kind = 'body' AND pmi.person_model_id = ANY($1::uuid[])
     ORDER BY pmi.person_model_id, pmi.position`,
    [ids],
  );
  for (const image of images) {
    const list = byModel.get(image.person_model_id) ?? [];
    list.push(image);
    byModel.set(image.person_model_id, list);
  }
  return byModel;
}

/** The wire `PersonModel` of one row; body images show previews while the character is locked for the viewer. */
export function buildPersonModel(row: PersonModelRow, images: BodyImageMap): PersonModel {
  const isLocked = row.is_locked && !row.unlocked;
  const isLockedPremiumModel = row.is_premium && !row.unlocked;
  const closed = isLocked || isLockedPremiumModel;
  const bodyImages = (images.get(row.id) ?? []).map((image) => {
    // The card image stays visible so explore can show a locked character.
    const open = image.position === 0 || !closed;
    return {
      id: image.id,
      imageUrl: open
        ? imageUrl(image.image_id, image.image_type)
        : imageUrl(image.preview_id, image.preview_type),
      isUnlocked: open,
    };
  });
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    age: row.age,
    isAnime: row.is_anime,
    isPremium: row.is_premium,
    bodyImages,
    isLocked,
    isLockedPremiumModel,
    status: 'Offline',
    isPublicModel: row.owner_user_id === null,
    paywallImage: bodyImages[0]?.imageUrl ?? null,
    description: row.description,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** Turns rows into wire `PersonModel`s with their body images. */
export async function toPersonModels(db: Queryable, rows: readonly PersonModelRow[]): Promise<PersonModel[]> {
  const images = await loadBodyImages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => buildPersonModel(row, images));
}

/** A public catalogue character with what the explore lists filter on. */
export interface PublicRow extends PersonModelRow {
  featured_utm_sources: string[];
  funnels: string[];
}

/** A serialized explore list: the JSON bytes and their gzip, built once per variant and unlock set. */
export interface CachedList {
  /** The JSON text as UTF-8, sent as is (no encoding per request). */
  body: Buffer;
  /** The gzip of `body`, made on first use. */
  gzip(): Buffer;
}

/** Serialized lists kept at most (each ~40 KB plus ~13 KB gzipped), least recently used dropped first. */
export const MAX_CACHED_LISTS = 128;

function cachedList(json: string): CachedList {
  let gzipped: Buffer | null = null;
  const body = Buffer.from(json);
  return {
    body,
    // The same call and defaults as `@fastify/compress` on a buffered payload.
    gzip: () => (gzipped ??= zlib.gzipSync(body)),
  };
}

/**
 * The public catalogue in memory: it changes only when the seed runs (at start), so explore
 * lists cost one small query per signed-in caller (their unlocks) instead of two joins. The
 * serialized lists are cached too, keyed by the variant and the caller's unlocked characters in it;
 * `invalidate()` drops everything when the catalogue changes.
 */
export class PublicCatalogue {
  private loaded: Promise<{ rows: PublicRow[]; images: BodyImageMap; featured: Set<string> }> | null = null;
  private readonly lists = new Map<string, CachedList>();
  private generation = 0;

  constructor(private readonly db: Queryable) {}

  private load(): Promise<{ rows: PublicRow[]; images: BodyImageMap; featured: Set<string> }> {
    this.loaded ??= (async () => {
      const rows = await this.db.query<PublicRow>(
        `SELECT pm.id, pm.owner_user_id, pm.first_name, pm.last_name, pm.age, pm.is_anime, pm.is_premium, pm.is_locked, pm.unlock_price,
           pm.description, pm.origin, pm.created_at, false AS unlocked, pm.featured_utm_sources, pm.funnels
         FROM person_models pm WHERE pm.owner_user_id IS NULL ORDER BY pm.rank, pm.id`,
      );
      return {
        rows,
        images: await loadBodyImages(
          this.db,
          rows.map((row) => row.id),
        ),
        featured: new Set(rows.flatMap((row) => row.featured_utm_sources)),
      };
    })();
    this.loaded.catch(() => (this.loaded = null));
    return this.loaded;
  }

  /** Drops the loaded catalogue and every cached list; call after the public catalogue changes. */
  invalidate(): void {
    this.generation += 1;
    this.loaded = null;
    this.lists.clear();
  }

  /** True when some public character is featured for this traffic source (only then does it change the order). */
  async isFeaturedSource(utmSource: string): Promise<boolean> {
    return (await this.load()).featured.has(utmSource);
  }

  /** The public and private characters `userId` unlocked (none for a visitor). */
  async unlocksOf(userId: string | null): Promise<Set<string>> {
    const unlocked = new Set<string>();
    if (userId) {
      const unlocks = await this.db.query<{ person_model_id: string }>(
        'SELECT person_model_id FROM person_model_unlocks WHERE user_id = $1',
        [userId],
      );
      for (const unlock of unlocks) unlocked.add(unlock.person_model_id);
    }
    return unlocked;
  }

  private static select(
    rows: readonly PublicRow[],
    filter: (row: PublicRow) => boolean,
    order?: (a: PublicRow, b: PublicRow) => number,
  ): PublicRow[] {
    const kept = rows.filter(filter);
    if (order) kept.sort(order);
    return kept;
  }

  /** Public characters kept by `filter`, in order, as `userId` sees them (uncached: the reference of `explore-cache.test.ts`). */
  async list(
    userId: string | null,
    filter: (row: PublicRow) => boolean,
    order?: (a: PublicRow, b: PublicRow) => number,
  ): Promise<PersonModel[]> {
    const { rows, images } = await this.load();
    const unlocked = await this.unlocksOf(userId);
    return PublicCatalogue.select(rows, filter, order).map((row) =>
      buildPersonModel({ ...row, unlocked: unlocked.has(row.id) }, images),
    );
  }

  /**
   * `list` serialized, from the cache. `variant` must name everything `filter` and `order` depend on;
   * the caller's part of the answer is the set of their unlocked characters (`unlocksOf`) in the list, part of the key.
   */
  async cachedList(
    variant: string,
    unlocked: ReadonlySet<string>,
    filter: (row: PublicRow) => boolean,
    order?: (a: PublicRow, b: PublicRow) => number,
  ): Promise<CachedList> {
    const generation = this.generation;
    const { rows, images } = await this.load();
    const publicKey = `${variant}\u0000`;
    let kept: PublicRow[] | null = null;
    let key = publicKey;
    if (unlocked.size > 0) {
      kept = PublicCatalogue.select(rows, filter, order);
      key += kept
        .filter((row) => unlocked.has(row.id))
        .map((row) => row.id)
        .join(',');
    }
    const hit = this.lists.get(key);
    if (hit) {
      // Most recently used last.
      this.lists.delete(key);
      this.lists.set(key, hit);
      return hit;
    }
    kept ??= PublicCatalogue.select(rows, filter, order);
    const list = cachedList(
      JSON.stringify(kept.map((row) => buildPersonModel({ ...row, unlocked: unlocked.has(row.id) }, images))),
    );
    // A list built from a catalogue invalidated meanwhile is answered once but not kept.
    if (generation === this.generation) {
      if (this.lists.size >= MAX_CACHED_LISTS) this.lists.delete(this.lists.keys().next().value!);
      this.lists.set(key, list);
    }
    return list;
  }
}

/** One character as its viewer sees it; null when absent. */
export async function loadPersonModel(
  db: Queryable,
  userId: string | null,
  id: string,
): Promise<{ row: PersonModelRow; model: PersonModel } | null> {
  const rows = await selectPersonModels(db, userId, 'WHERE pm.id = $2', [id]);
  const row = rows[0];
  if (!row) return null;
  const [model] = await toPersonModels(db, [row]);
  return { row, model: model! };
}

/**
 * The viewer's open gallery images of one character (unlocked by them, or free and not secret), as
 * `bodyImages` entries after the body images, so the character's chat and profile show what the gallery unlocked
 * (000 §4: unlocking a gallery image marks it unlocked in the active character).
 */
export async function openGalleryImages(
  db: Queryable,
  userId: string | null,
  personModelId: string,
): Promise<PersonModel['bodyImages']> {
  if (userId === null) return [];
  const rows = await db.query<{ id: string; image_id: string; image_type: string }>(
    `SELECT pmi.id, i.id AS image_id, i.content_type AS image_type
     FROM person_model_images pmi
     JOIN images i ON i.id = pmi.image_id
     LEFT JOIN gallery_unlocks g ON g.person_model_image_id = pmi.id AND g.user_id = $1
     WHERE pmi.kind = 'gallery' AND pmi.person_model_id = $2
       AND (g.user_id IS NOT NULL OR (pmi.price = 0 AND NOT pmi.is_secret))
     ORDER BY pmi.position`,
    [userId, personModelId],
  );
  return rows.map((row) => ({
    id: row.id,
    imageUrl: imageUrl(row.image_id, row.image_type),
    isUnlocked: true,
  }));
}
