import type { Category, GalleryImage } from '@companion/contracts';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { imageUrl } from '../../engines/image/image-store.ts';
import { currentUser } from '../../http/auth.ts';
import { HttpError, conflict, forbidden, notFound } from '../../http/errors.ts';
import type { FeatureDeps, FeaturePlugin } from '../../http/feature.ts';
import { parseBody, parseQuery } from '../../http/validate.ts';
import { ensureCatalogueSeeded } from '../../seed/seed-catalogue.ts';

const galleryQuery = z.object({
  // Spec 000 §5: anything other than anime is treated as realistic.
  category: z
    .string()
    .max(32)
    .optional()
    .transform((value): Category => (value?.toLowerCase() === 'anime' ? 'anime' : 'realistic')),
  isSecretContentRequested: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  personModelId: z.uuid().optional(),
});

const unlockBody = z.object({ galleryImageId: z.uuid() });

interface GalleryRow {
  id: string;
  person_model_id: string;
  owner_user_id: string | null;
  is_anime: boolean;
  is_secret: boolean;
  price: number;
  image_id: string;
  image_type: string;
  preview_id: string;
  preview_type: string;
  unlocked: boolean;
}

const SELECT = `SELECT pmi.id, pmi.person_model_id, pm.owner_user_id, pm.is_anime, pmi.is_secret, pmi.price,
  i.id AS image_id, i.content_type AS image_type, p.id AS preview_id, p.content_type AS preview_type,
  (g.user_id IS NOT NULL) AS unlocked
  FROM person_model_images pmi
  JOIN person_models pm ON pm.id = pmi.person_model_id
  JOIN images i ON i.id = pmi.image_id
  JOIN images p ON p.id = pmi.preview_image_id
  LEFT JOIN gallery_unlocks g ON g.person_model_image_id = pmi.id AND g.user_id = $1`;

function toGalleryImage(row: GalleryRow): GalleryImage {
  const isUnlocked = row.price === 0 || row.unlocked;
  return {
    galleryImageId: row.id,
    category: row.is_anime ? 'anime' : 'realistic',
    isSecretContent: row.is_secret,
    // Until unlocked only the lossy preview's address is given out.
    imageUrl: isUnlocked
      ? imageUrl(row.image_id, row.image_type)
      : imageUrl(row.preview_id, row.preview_type),
    isUnlocked,
    personModelId: row.person_model_id,
    price: row.price,
  };
}

/** Spec 000 §1: adult (secret) content is shown only after the user confirmed NSFW. */
async function assertNsfwConfirmed(db: Queryable, userId: string, field: string): Promise<void> {
  const rows = await db.query<{ is_n_confirmed: boolean }>('SELECT is_n_confirmed FROM users WHERE id = $1', [
    userId,
  ]);
  if (!rows[0]?.is_n_confirmed) {
    throw new HttpError(
      403,
      'nsfw_not_confirmed',
      'Secret content needs the adult-content confirmation (POST User/nsfw-confirmation).',
      field,
    );
  }
}

async function loadGalleryImage(db: Queryable, userId: string, id: string): Promise<GalleryRow> {
  const rows = await db.query<GalleryRow>(`${SELECT} WHERE pmi.id = $2 AND pmi.kind = 'gallery'`, [
    userId,
    id,
  ]);
  const row = rows[0];
  if (!row) throw notFound('No gallery image with this id.', 'gallery_image_not_found');
  if (row.owner_user_id !== null && row.owner_user_id !== userId)
    throw forbidden('This image belongs to another user.');
  return row;
}

/** Gallery images of catalogue characters, with token unlocks (spec 000 §3, §7). */
export function galleryFeature(): FeaturePlugin {
  return async (app, deps: FeatureDeps) => {
    const { db, ledger } = deps;
    await ensureCatalogueSeeded(db);

    app.get('/Gallery/get-gallery-images', { preHandler: app.authenticate }, async (request) => {
      const user = currentUser(request);
      const query = parseQuery(galleryQuery, request.query);
      if (query.isSecretContentRequested) await assertNsfwConfirmed(db, user.id, 'isSecretContentRequested');
      const params: unknown[] = [user.id, query.category === 'anime', query.isSecretContentRequested];
      let where = `WHERE pmi.kind = 'gallery' AND pm.is_anime = $2 AND pmi.is_secret = $3 AND (pm.owner_user_id IS NULL OR pm.owner_user_id = $1)`;
      if (query.personModelId) {
        params.push(query.personModelId);
        where += ` AND pmi.person_model_id = $4`;
      }
      const rows = await db.query<GalleryRow>(
        `${SELECT} ${where} ORDER BY pm.rank, pmi.position, pmi.id`,
        params,
      );
      return rows.map(toGalleryImage);
    });

    app.post('/Gallery/unlock', { preHandler: app.authenticate }, async (request) => {
      const user = currentUser(request);
      const { galleryImageId } = parseBody(unlockBody, request.body);
      const balance = await db.transaction(async (tx) => {
        const row = await loadGalleryImage(tx, user.id, galleryImageId);
        if (row.is_secret) await assertNsfwConfirmed(tx, user.id, 'galleryImageId');
        if (row.price === 0) throw conflict('This image is free.', 'not_locked', 'galleryImageId');
        // Insert first: a concurrent unlock of the same image waits on the key, then sees the row.
        const inserted = await tx.query(
          'INSERT INTO gallery_unlocks (user_id, person_model_image_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING user_id',
          [user.id, galleryImageId],
        );
        if (inserted.length === 0)
          throw conflict('You have already unlocked this image.', 'already_unlocked', 'galleryImageId');
        return ledger.spend(tx, {
          userId: user.id,
          amount: row.price,
          reason: 'unlock_gallery_image',
          refId: galleryImageId,
        });
      });
      return {
        galleryImage: toGalleryImage(await loadGalleryImage(db, user.id, galleryImageId)),
        remainingTokens: balance.balance,
        spentTokens: balance.spent,
      };
    });
  };
}
