// The Character Card work that runs on the CPU pool's threads (workers/cpu-pool.ts, ADR 0310): parsing a card
// upload (up to MAX_CARD_BYTES as base64 JSON) and drawing an export's PNG. Every export is a task: a plain
// function of structured-cloneable input that throws HttpError for the client's mistakes.
import { z } from 'zod';
import { storedImageAsPng } from '../../engines/image/rasterize.ts';
import type { StoredImage } from '../../engines/image/image-store.ts';
import { HttpError } from '../../http/errors.ts';
import { assertStorableText, parseBody } from '../../http/validate.ts';
import { CardError, MAX_CARD_BYTES, cardToDraft, embedCardInPng, readCardFile } from './card-codec.ts';
import type { encodeCardV3 } from './card-codec.ts';

/** This module, as the pool loads it. */
export const CARD_TASKS = new URL(import.meta.url);

// Base64 of at most MAX_CARD_BYTES (4 characters per 3 bytes); longer is 413 before parsing.
const MAX_CARD_BASE64 = Math.ceil(MAX_CARD_BYTES / 3) * 4;
const importCardBody = z.object({
  file: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9+/]+=*$/, 'must be the file as base64'),
});

function cardHttpError(error: unknown): never {
  if (error instanceof CardError)
    throw new HttpError(error.code === 'card_too_large' ? 413 : 400, error.code, error.message, 'file');
  throw error;
}

/**
 * `POST PersonModel/import-card`'s whole body, as the raw JSON text the route received: parsed, checked as the app
 * checks every body (storable text, 400 naming the field), decoded and turned into a draft.
 */
export function importCard(text: string | undefined): ReturnType<typeof cardToDraft> {
  let body: unknown;
  if (text !== undefined && text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw new HttpError(400, 'invalid_json', 'Body is not valid JSON.', 'body');
    }
  }
  const raw = (body as { file?: unknown } | null | undefined)?.file;
  if (typeof raw === 'string' && raw.length > MAX_CARD_BASE64)
    throw new HttpError(413, 'card_too_large', `A card may be at most ${MAX_CARD_BYTES / 1024} KB.`, 'file');
  assertStorableText(body);
  const { file } = parseBody(importCardBody, body);
  try {
    return cardToDraft(readCardFile(Buffer.from(file, 'base64')));
  } catch (error) {
    return cardHttpError(error);
  }
}

/** The PNG of a card export: the character's portrait (`image`, drawn `width` wide) carrying `card`. */
export async function cardPng(input: {
  image: StoredImage;
  width: number;
  card: ReturnType<typeof encodeCardV3>;
}): Promise<Uint8Array> {
  const { image } = input;
  // Buffers arrive from the main thread as plain Uint8Arrays.
  const body = image.body
    ? Buffer.from(image.body.buffer, image.body.byteOffset, image.body.byteLength)
    : null;
  try {
    return embedCardInPng(await storedImageAsPng({ ...image, body }, input.width), input.card);
  } catch (error) {
    return cardHttpError(error);
  }
}
