// Character creation (000 §7): the draft's description, its body images from the image engine, and the rows.
import crypto from 'node:crypto';
import { SVG_CONTENT_TYPE } from '../../engines/image/embedded-image-engine.ts';
import { ImageEngineError } from '../../engines/image/remote-image-engine.ts';
import type { ImageEngine } from '../../engines/image/image-engine.ts';
import { insertImages } from '../../engines/image/image-store.ts';
import type { NewImage } from '../../engines/image/image-store.ts';
import type { Queryable } from '../../db/database.ts';
import { HttpError } from '../../http/errors.ts';
import type { ValidDraft } from './draft-schema.ts';

/** Body images generated for a new character (one per pose of the batch). */
export const CREATED_BODY_IMAGES = 4;

/** The creation routes: the paid wizard, the anime-only one, and the free quickdate funnel match. */
export type CreateKind = 'create' | 'create-anime-person' | 'create-landing-model-quickdate';

/** Whether a write failed on a unique key (a concurrent creation under the same token). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === '23505';
}

function describeDraft(draft: ValidDraft): string {
  const parts = [`${draft.name}, ${draft.age}.`];
  const who = [draft.personality, draft.occupation?.replace(/-/g, ' ')].filter(Boolean).join(' ');
  if (who) parts.push(`A ${who}.`);
  if (draft.hobby.length > 0) parts.push(`Loves ${draft.hobby.join(', ')}.`);
  if (draft.connectionType) parts.push(`Your ${draft.connectionType}.`);
  return parts.join(' ');
}

/** Draws the new character's body images (and their previews); 502 `image_engine_failed` when the engine fails. */
export async function generateBodyImages(
  engine: ImageEngine,
  id: string,
  ownerUserId: string,
  draft: ValidDraft,
): Promise<{ image: NewImage; preview: NewImage }[]> {
  try {
    const generated = await engine.generateBatch({
      seed: id,
      count: CREATED_BODY_IMAGES,
      style: draft.style,
      ethnicity: draft.ethnicity ?? undefined,
      eyeColor: draft.eyes ?? undefined,
      hairStyle: draft.hairStyle ?? undefined,
      hairColor: draft.hairColor ?? undefined,
      bodyType: draft.body.body ?? undefined,
    });
    return generated.map((item) => ({
      image: {
        id: crypto.randomUUID(),
        ownerUserId,
        spec: item.spec,
        contentType: item.contentType,
        body: item.body,
        personModelId: id,
      },
      preview: {
        id: crypto.randomUUID(),
        ownerUserId,
        spec: { ...item.spec, preview: true },
        contentType: SVG_CONTENT_TYPE,
        body: null,
        personModelId: id,
      },
    }));
  } catch (error) {
    if (error instanceof ImageEngineError)
      throw new HttpError(
        502,
        'image_engine_failed',
        'The image generator failed; nothing was charged. Try again.',
      );
    throw error;
  }
}

/** Writes the character row, its images and their body-image slots inside the caller's transaction. */
export async function insertCharacter(
  tx: Queryable,
  input: {
    id: string;
    ownerUserId: string;
    draft: ValidDraft;
    origin: CreateKind;
    images: { image: NewImage; preview: NewImage }[];
  },
): Promise<void> {
  const { id, ownerUserId, draft, origin, images } = input;
  await tx.query(
    `INSERT INTO person_models (id, owner_user_id, first_name, age, is_anime, description, persona, origin)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8)`,
    [
      id,
      ownerUserId,
      draft.name,
      draft.age,
      draft.style === 'anime',
      describeDraft(draft),
      JSON.stringify(draft),
      origin,
    ],
  );
  await insertImages(
    tx,
    images.flatMap((pair) => [pair.image, pair.preview]),
  );
  for (const [position, pair] of images.entries()) {
    await tx.query(
      `INSERT INTO person_model_images (id, person_model_id, kind, position, image_id, preview_image_id) VALUES ($1, $2, 'body', $3, $4, $5)`,
      [crypto.randomUUID(), id, position, pair.image.id, pair.preview.id],
    );
  }
}
