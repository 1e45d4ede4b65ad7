/** The API's `{ error: { code, message, field? } }`, when a failed transport call carries one (the field at fault). */
export function apiError(error: unknown): { message: string; field?: string } | null {
  const body = (error as { body?: { error?: { message?: unknown; field?: unknown } } } | null)?.body;
  const message = body?.error?.message;
  if (typeof message !== 'string') return null;
  return { message, field: typeof body?.error?.field === 'string' ? body.error.field : undefined };
}
