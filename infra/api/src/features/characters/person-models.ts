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

interface BodyImageRow {
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

/** Turns rows into wire `PersonModel`s with their body images (previews while locked). */
export async function toPersonModels(db: Queryable, rows: readonly PersonModelRow[]): Promise<PersonModel[]> {
  if (rows.length === 0) return [];
  const images = await db.query<BodyImageRow>(
    `SELECT pmi.id, pmi.person_model_id, pmi.position, i.id AS image_id, i.content_type AS image_type, p.id AS preview_id, p.content_type AS preview_type
     FROM person_model_images pmi
     JOIN images i ON i.id = pmi.image_id
     JOIN images p ON p.id = pmi.preview_image_id
     WHERE pmi.kind = 'body' AND pmi.person_model_id = ANY($1::uuid[])
     ORDER BY pmi.person_model_id, pmi.position`,
    [rows.map((row) => row.id)],
  );
  const byModel = new Map<string, BodyImageRow[]>();
  for (const image of images) {
    const list = byModel.get(image.person_model_id) ?? [];
    list.push(image);
    byModel.set(image.person_model_id, list);
  }
  return rows.map((row) => {
    const isLocked = row.is_locked && !row.unlocked;
    const isLockedPremiumModel = row.is_premium && !row.unlocked;
    const closed = isLocked || isLockedPremiumModel;
    const bodyImages = (byModel.get(row.id) ?? []).map((image) => {
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
  });
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
