// The character routes' queries, parsed with zod (the creation draft and the bodies are in `../draft-schema.ts`).
import { z } from 'zod';

// `base64=true` answers `{ fileName, contentType, base64 }`: a client behind a bearer token cannot use a plain link.
/** `PersonModel/export-card/{id}` query: the file format, and whether it comes wrapped as base64 JSON. */
export const cardFormatQuery = z.object({
  format: z.enum(['json', 'png']).default('json'),
  base64: z.enum(['true', 'false']).default('false'),
});

/** `PersonModel/top` query: the utm source whose featured characters come first (lower-cased). */
export const topQuery = z.object({
  utmSource: z
    .string()
    .trim()
    .max(64)
    .regex(/^[\w.-]*$/, 'must contain only letters, digits, dots, dashes and underscores')
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
});
