import type { z } from 'zod';
import { badRequest, fromZodError } from './errors.ts';

// A NUL (PostgreSQL text cannot hold it: the query fails) or a UTF-16 half without its partner (stored as U+FFFD,
// silently changing what the user sent).
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * The dotted path of the first string (object key or value) in `value` that holds a NUL character or a lone
 * surrogate, or null when every string is storable. `''` names the value itself.
 */
export function findUnsafeText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, child] of entries) {
    const childPath = path ? `${path}.${key}` : key;
    if (UNSAFE_TEXT.test(key)) return childPath;
    const found = findUnsafeText(child, childPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses text no route can store (NUL, lone surrogates) with a 400 naming the field; `where` prefixes the
 * field for query and path values. Run once for every request by the app (JSON bodies, query, params), so
 * every feature inherits it.
 */
export function assertStorableText(value: unknown, where?: string): void {
  const found = findUnsafeText(value);
  if (found === null) return;
  const field = [where, found].filter(Boolean).join('.') || 'body';
  throw badRequest(
    `${field}: must not contain NUL characters or unpaired UTF-16 surrogates.`,
    field,
    'validation_failed',
  );
}

/** Validates a request body with a zod schema; a failure becomes a 400 naming the field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  // An empty POST (no content-type) arrives as undefined; let the schema decide whether {} is fine.
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Validates a query string object; same error shape as {@link parseBody}. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const result = schema.safeParse(query ?? {});
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

/** Validates a route parameter such as `{id}`. */
export function parseParam<S extends z.ZodType>(schema: S, value: unknown, name: string): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success)
    throw badRequest(`${name}: ${result.error.issues[0]?.message ?? 'invalid'}`, name, 'validation_failed');
  return result.data;
}
