// The images routes' guard: the caller must be signed in (the image files and wizard tiles are public).
import type { FastifyInstance } from 'fastify';

/** The images routes' guards: `auth` (signed in). */
export function guards(app: FastifyInstance) {
  return { auth: { preHandler: app.authenticate } };
}
