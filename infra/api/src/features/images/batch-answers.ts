// What a batch and a generated photo look like to the client (ADR 0181), read from `image_batches` and `images`.
import type { Queryable } from '../../db/database.ts';
import type { BatchAnswer, StandaloneImage } from '@companion/contracts';
import { imageUrl } from '../../engines/image/image-store.ts';

export type { BatchAnswer, StandaloneImage } from '@companion/contracts';

/** An `image_batches` row. */
export interface BatchRow {
  id: string;
  user_id: string;
  requested: number;
  price: number;
  status: BatchAnswer['status'];
  refunded: number;
}

/** The `images` columns a {@link StandaloneImage} is made of. */
export interface StandaloneRow {
  id: string;
  content_type: string;
  person_model_id: string | null;
  batch_id: string | null;
  created_at: Date | string;
}

/** An `images` row as the client sees it. */
export function toStandalone(row: StandaloneRow): StandaloneImage {
  return {
    id: row.id,
    imageUrl: imageUrl(row.id, row.content_type),
    personModelId: row.person_model_id,
    batchId: row.batch_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The batch row by id (any owner: callers check `user_id`). */
export async function loadBatch(db: Queryable, batchId: string): Promise<BatchRow | undefined> {
  const rows = await db.query<BatchRow>(
    'SELECT id, user_id, requested, price, status, refunded FROM image_batches WHERE id = $1',
    [batchId],
  );
  return rows[0];
}

/** The batch with the photos stored so far, oldest first. */
export async function batchAnswer(db: Queryable, row: BatchRow): Promise<BatchAnswer> {
  const images = await db.query<StandaloneRow>(
    'SELECT id, content_type, person_model_id, batch_id, created_at FROM images WHERE batch_id = $1 AND owner_user_id = $2 ORDER BY created_at, id',
    [row.id, row.user_id],
  );
  return {
    batchId: row.id,
    status: row.status,
    requested: row.requested,
    price: row.price,
    refundedTokens: row.refunded,
    images: images.map(toStandalone),
  };
}
