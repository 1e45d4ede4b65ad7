// The character routes' visibility guard: who may see or change a character row.
import { forbidden, notFound, unauthorized } from '../../../http/errors.ts';

/** 404 for an unknown character, 401/403 for someone else's private one. */
export function assertVisible(
  row: { owner_user_id: string | null } | undefined,
  userId: string | null,
): asserts row {
  if (!row) throw notFound('No character with this id.', 'person_model_not_found');
  if (row.owner_user_id !== null && row.owner_user_id !== userId) {
    if (userId === null) throw unauthorized();
    throw forbidden('This character belongs to another user.');
  }
}
