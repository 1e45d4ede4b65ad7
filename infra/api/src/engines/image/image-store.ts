import type { Queryable } from '../../db/database.ts';
import type { PortraitSpec } from './image-engine.ts';

/** Where the API serves images: `/api/images/<uuid>.<ext>`, immutable, so cached for a year. */
export const IMAGE_ROUTE_PREFIX = '/api/images/';

const EXTENSIONS: Record<string, string> = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** File extension for a stored content type. */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType] ?? 'bin';
}

/** Public URL of a stored image. */
export function imageUrl(id: string, contentType = 'image/svg+xml'): string {
  return `${IMAGE_ROUTE_PREFIX}${id}.${extensionFor(contentType)}`;
}

/** A row of the `images` table. */
export interface StoredImage {
  id: string;
  ownerUserId: string | null;
  spec: PortraitSpec;
  contentType: string;
  body: Buffer | null;
  personModelId: string | null;
  batchId: string | null;
  isStandalone: boolean;
  createdAt: Date;
}

/** What {@link insertImages} writes. */
export interface NewImage {
  id: string;
  ownerUserId: string | null;
  spec: PortraitSpec;
  contentType: string;
  body: Buffer | null;
  personModelId?: string | null;
  batchId?: string | null;
  isStandalone?: boolean;
}

// PostgreSQL allows 65,535 parameters per statement; 8 per row keeps chunks well inside.
const CHUNK = 500;

/** Inserts images in multi-row statements; existing ids get their spec refreshed (seed upgrades). */
export async function insertImages(tx: Queryable, images: readonly NewImage[]): Promise<void> {
  for (let start = 0; start < images.length; start += CHUNK) {
    const chunk = images.slice(start, start + CHUNK);
    const params: unknown[] = [];
    const rows = chunk.map((image) => {
      const base = params.length;
      params.push(
        image.id,
        image.ownerUserId,
        JSON.stringify(image.spec),
        image.contentType,
        image.body,
        image.personModelId ?? null,
        image.batchId ?? null,
        image.isStandalone ?? false,
      );
      return `($${base + 1}, $${base + 2}, $${base + 3}::jsonb, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8})`;
    });
    await tx.query(
      `INSERT INTO images (id, owner_user_id, spec, content_type, body, person_model_id, batch_id, is_standalone) VALUES ${rows.join(', ')}
       ON CONFLICT (id) DO UPDATE SET spec = EXCLUDED.spec, content_type = EXCLUDED.content_type, body = EXCLUDED.body`,
      params,
    );
  }
}

interface ImageRow {
  id: string;
  owner_user_id: string | null;
  spec: PortraitSpec | string;
  content_type: string;
  body: Uint8Array | null;
  person_model_id: string | null;
  batch_id: string | null;
  is_standalone: boolean;
  created_at: Date;
}

/** Maps a database row (PGlite or pg) to a {@link StoredImage}. */
export function toStoredImage(row: ImageRow): StoredImage {
  return {
    id: row.id,
    ownerUserId: row.owner_user_id,
    spec: typeof row.spec === 'string' ? (JSON.parse(row.spec) as PortraitSpec) : row.spec,
    contentType: row.content_type,
    body: row.body ? Buffer.from(row.body) : null,
    personModelId: row.person_model_id,
    batchId: row.batch_id,
    isStandalone: row.is_standalone,
    createdAt: new Date(row.created_at),
  };
}

/** Loads one image by id; null when absent. */
export async function loadImage(db: Queryable, id: string): Promise<StoredImage | null> {
  const rows = await db.query<ImageRow>('SELECT * FROM images WHERE id = $1', [id]);
  return rows[0] ? toStoredImage(rows[0]) : null;
}
