// The images calls' bodies, queries and params (spec 000 §7 `Image/*`, `Chats/request-photo`) and a persona's looks, in zod.
import { z } from 'zod';
import { LOOKS } from '../../../engines/image/appearance.ts';
import { MAX_BATCH } from '../../../engines/image/embedded-image-engine.ts';

/** `Image/generate-batch-images`: a client-named batch of `count` photos, of a character or of free choices. */
export const batchBody = z.object({
  /** Chosen by the client (kept in the page's URL) so a reload resumes the batch instead of paying again. */
  batchId: z.uuid().optional(),
  personModelId: z.uuid().optional(),
  count: z.int().min(1).max(MAX_BATCH).default(4),
  style: z.enum(LOOKS.styles).optional(),
  ethnicity: z.enum(LOOKS.ethnicities).optional(),
  eyes: z.enum(LOOKS.eyeColors).optional(),
  hairStyle: z.enum(LOOKS.hairStyles).optional(),
  hairColor: z.enum(LOOKS.hairColors).optional(),
  body: z.enum(LOOKS.bodyTypes).optional(),
  pose: z.enum(LOOKS.poses).optional(),
  background: z.enum(LOOKS.backgrounds).optional(),
  outfit: z.enum(LOOKS.outfits).optional(),
  prompt: z.string().trim().max(500).optional(),
});

/** A batch as {@link batchBody} parses it. */
export type BatchBody = z.infer<typeof batchBody>;

/**
 * `Image/wizard-tile`: one look of the character wizard.
 * Defaults are the wizard's neutral look; each tile changes the one field it shows.
 */
export const tileQuery = z.object({
  style: z.enum(LOOKS.styles),
  ethnicity: z.enum(LOOKS.ethnicities).default('caucasian'),
  eyes: z.enum(LOOKS.eyeColors).default('brown'),
  hairStyle: z.enum(LOOKS.hairStyles).default('long-wavy'),
  hairColor: z.enum(LOOKS.hairColors).default('brown'),
  body: z.enum(LOOKS.bodyTypes).default('average'),
  pose: z.enum(['portrait', 'waist-up', 'standing'] as const).default('portrait'),
});

/** `Image/standalone-images`: the caller's generated photos, optionally of one character. */
export const standaloneQuery = z.object({
  personModelId: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** The looks stored in a character's persona (seed and created characters share the keys). */
export const personaLooks = z.object({
  style: z.enum(LOOKS.styles).catch('realistic'),
  ethnicity: z.enum(LOOKS.ethnicities).optional().catch(undefined),
  eyes: z.enum(LOOKS.eyeColors).optional().catch(undefined),
  hairStyle: z.enum(LOOKS.hairStyles).optional().catch(undefined),
  hairColor: z.enum(LOOKS.hairColors).optional().catch(undefined),
  body: z
    .object({ body: z.enum(LOOKS.bodyTypes).optional().catch(undefined) })
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
