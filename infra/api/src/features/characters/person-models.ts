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
  pm.unlock_price, pm.description, pm.origin, (u.user_id IS NOT NULL) AS unlocked
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

/**
 * The public catalogue in memory: it changes only when the seed runs (at start), so explore
 * lists cost one small query per signed-in caller (their unlocks) instead of two joins.
 */
export class PublicCatalogue {
  private loaded: Promise<{ rows: PublicRow[]; images: BodyImageMap }> | null = null;

  constructor(private readonly db: Queryable) {}

  private load(): Promise<{ rows: PublicRow[]; images: BodyImageMap }> {
    this.loaded ??= (async () => {
      const rows = await this.db.query<PublicRow>(
        `SELECT pm.id, pm.owner_user_id, pm.first_name, pm.last_name, pm.age, pm.is_anime, pm.is_premium, pm.is_locked, pm.unlock_price,
           pm.description, pm.origin, false AS unlocked, pm.featured_utm_sources, pm.funnels
         FROM person_models pm WHERE pm.owner_user_id IS NULL ORDER BY pm.rank, pm.id`,
      );
      return {
        rows,
        images: await loadBodyImages(
          this.db,
          rows.map((row) => row.id),
        ),
      };
    })();
    this.loaded.catch(() => (this.loaded = null));
    return this.loaded;
  }

  /** Public characters kept by `filter`, in order, as `userId` sees them. */
  async list(
    userId: string | null,
    filter: (row: PublicRow) => boolean,
    order?: (a: PublicRow, b: PublicRow) => number,
  ): Promise<PersonModel[]> {
    const { rows, images } = await this.load();
    const unlocked = new Set<string>();
    if (userId) {
      const unlocks = await this.db.query<{ person_model_id: string }>(
        'SELECT person_model_id FROM person_model_unlocks WHERE user_id = $1',
        [userId],
      );
      for (const unlock of unlocks) unlocked.add(unlock.person_model_id);
    }
    const kept = rows.filter(filter);
    if (order) kept.sort(order);
    return kept.map((row) => buildPersonModel({ ...row, unlocked: unlocked.has(row.id) }, images));
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
