import type { z } from 'zod';
import { badRequest, fromZodError, type HttpError } from './errors.ts';

// A NUL (PostgreSQL text cannot hold it: the query fails) or a UTF-16 half without its partner (stored as U+FFFD,
// silently changing what the user sent).
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How deep a JSON body may nest; no request of the spec goes past 6. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text opens more than `max` arrays or objects inside one another: one pass over the characters
 * (strings skipped), run before the text is parsed or walked, so no depth reaches a recursive walker.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return false;
}

/** The 400 for a JSON body nested past `MAX_JSON_DEPTH`, or null: every JSON parser of the app asks this first. */
export function jsonDepthError(text: string): HttpError | null {
  return jsonTooDeep(text)
    ? badRequest(`body: JSON nested deeper than ${MAX_JSON_DEPTH} levels.`, 'body', 'validation_failed')
    : null;
}

/**
 * The dotted path of the first string (object key or value) in `value` that holds a NUL character or a lone
 * surrogate, or null when every string is storable. `''` names the value itself. Iterative: a value of any depth
 * walks on the heap, not the call stack.
 */
export function findUnsafeText(value: unknown, path = ''): string | null {
  // [path, value, whether the key that names it is itself unsafe]
  const stack: Array<readonly [string, unknown, boolean]> = [[path, value, false]];
  while (stack.length > 0) {
    const [at, current, unsafeKey] = stack.pop()!;
    if (unsafeKey) return at;
    if (typeof current === 'string') {
      if (UNSAFE_TEXT.test(current)) return at;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    const entries = Array.isArray(current)
      ? current.map((v, i) => [String(i), v] as const)
      : Object.entries(current as Record<string, unknown>);
    // Reversed onto the stack so the first key is looked at first, as the recursive walk did.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, child] = entries[i]!;
      const childPath = at ? `${at}.${key}` : key;
      stack.push([childPath, child, UNSAFE_TEXT.test(key)]);
    }
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
