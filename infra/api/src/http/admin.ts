import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import { currentUser } from './auth.ts';
import { forbidden } from './errors.ts';

/** Who an admin-only route acts as: the id, and the e-mail when the account has one. */
export interface AdminUser {
  id: string;
  email: string | null;
}

/**
 * The admin role (`users.is_admin`, granted only from a shell on the server with `pnpm admin:grant`): 403
 * `admin_only` for anyone else. Call it in routes guarded by `app.authenticate`.
 */
export async function requireAdmin(db: Queryable, request: FastifyRequest): Promise<AdminUser> {
  const rows = await db.query<{ id: string; email: string | null; is_admin: boolean }>(
    'SELECT id, email, is_admin FROM users WHERE id = $1 AND deleted_at IS NULL',
    [currentUser(request).id],
  );
  const user = rows[0];
  if (!user?.is_admin) throw forbidden('Admins only.', 'admin_only');
  return { id: user.id, email: user.email };
}

/** Grants (or revokes) the admin role of the live user with this e-mail or id; returns who changed. */
export async function setAdmin(
  db: Queryable,
  who: string,
  grant: boolean,
): Promise<Array<{ id: string; email: string | null }>> {
  return db.query<{ id: string; email: string | null }>(
    `UPDATE users SET is_admin = $2, updated_at = now()
     WHERE deleted_at IS NULL AND (lower(email) = lower($1) OR id::text = $1) RETURNING id, email`,
    [who, grant],
  );
}
