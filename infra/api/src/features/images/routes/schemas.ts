// The images calls' bodies, queries and params (spec 000 §7 `Image/*`, `Chats/request-photo`) and a persona's looks, in zod.
import { z } from 'zod';
import {
  ART_STYLES,
  BACKGROUNDS,
  BODY_TYPES,
  ETHNICITIES,
  EYE_COLORS,
  HAIR_COLORS,
  HAIR_STYLES,
  OUTFITS,
  POSES,
} from '../../../engines/image/appearance.ts';
import { MAX_BATCH } from '../../../engines/image/embedded-image-engine.ts';

/** `Image/generate-batch-images`: a client-named batch of `count` photos, of a character or of free choices. */
export const batchBody = z.object({
  /** Chosen by the client (kept in the page's URL) so a reload resumes the batch instead of paying again. */
  batchId: z.uuid().optional(),
  personModelId: z.uuid().optional(),
  count: z.int().min(1).max(MAX_BATCH).default(4),
  style: z.enum(ART_STYLES).optional(),
  ethnicity: z.enum(ETHNICITIES).optional(),
  eyes: z.enum(EYE_COLORS).optional(),
  hairStyle: z.enum(HAIR_STYLES).optional(),
  hairColor: z.enum(HAIR_COLORS).optional(),
  body: z.enum(BODY_TYPES).optional(),
  pose: z.enum(POSES).optional(),
  background: z.enum(BACKGROUNDS).optional(),
  outfit: z.enum(OUTFITS).optional(),
  prompt: z.string().trim().max(500).optional(),
});

/** A batch as {@link batchBody} parses it. */
export type BatchBody = z.infer<typeof batchBody>;

/**
 * `Image/wizard-tile`: one look of the character wizard.
 * Defaults are the wizard's neutral look; each tile changes the one field it shows.
 */
export const tileQuery = z.object({
  style: z.enum(ART_STYLES),
  ethnicity: z.enum(ETHNICITIES).default('caucasian'),
  eyes: z.enum(EYE_COLORS).default('brown'),
  hairStyle: z.enum(HAIR_STYLES).default('long-wavy'),
  hairColor: z.enum(HAIR_COLORS).default('brown'),
  body: z.enum(BODY_TYPES).default('average'),
  pose: z.enum(['portrait', 'waist-up', 'standing'] as const).default('portrait'),
});

/** `Image/standalone-images`: the caller's generated photos, optionally of one character. */
export const standaloneQuery = z.object({
  personModelId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The looks stored in a character's persona (seed and created characters share the keys). */
export const personaLooks = z.object({
  style: z.enum(ART_STYLES).catch('realistic'),
  ethnicity: z.enum(ETHNICITIES).optional().catch(undefined),
  eyes: z.enum(EYE_COLORS).optional().catch(undefined),
  hairStyle: z.enum(HAIR_STYLES).optional().catch(undefined),
  hairColor: z.enum(HAIR_COLORS).optional().catch(undefined),
  body: z
    .object({ body: z.enum(BODY_TYPES).optional().catch(undefined) })
    .optional()
    .catch(undefined),
});

/** `Image/batches/{batchId}`. */
export const batchParams = z.object({ batchId: z.uuid() });

/** `Image/send-to-chat`. */
export const sendToChatBody = z.object({ imageId: z.uuid() });

/** `Chats/request-photo`. */
export const photoRequestBody = z.object({
  chatId: z.uuid(),
  /** Chosen by the client, so a retry after a lost answer neither pays nor draws twice. */
  requestId: z.uuid(),
});

/** `testing/image-engine` (test fixtures only). */
export const engineFixtureBody = z
  .object({ mode: z.enum(['normal', 'fail', 'hold', 'next', 'release']) })
  .strict();
