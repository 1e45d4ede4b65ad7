import type { z } from 'zod';
import { badRequest, fromZodError } from './errors.ts';

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
