import { z } from 'zod';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseBody } from '../../http/validate.ts';

/** What the shell reports; `remote` is `shell` for the shell's own chrome and pages. */
const ClientErrorReport = z.object({
  // `remote-failed`: one per `remote:failed` the shell published (counted on the ops page).
  kind: z.enum(['render', 'route', 'fingerprint', 'unhandled', 'remote-failed'], {
    message: 'kind must be render, route, fingerprint, unhandled or remote-failed.',
  }),
  remote: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/, 'remote must be a lower-case name of at most 40 characters.'),
  version: z
    .string()
    .regex(/^[0-9A-Za-z.+_-]{1,64}$/, 'version must be 1–64 letters, digits, dots, _, + or -.'),
  message: z.string().trim().min(1, 'message is required.').max(2000),
  stack: z.string().max(16_000).optional(),
  componentStack: z.string().max(16_000).optional(),
  url: z.string().max(2048).optional(),
});

/**
 * `POST /api/client-errors`: the browser's error reports, validated, rate-limited per client address and stored
 * in `client_error_reports`. No authentication: the session may be what failed.
 */
export const clientErrorsFeature: FeaturePlugin = async (app, deps) => {
  const { db, config } = deps;
  app.post(
    '/client-errors',
    { config: { rateLimit: { max: config.clientErrorRateLimitPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const body = parseBody(ClientErrorReport, request.body);
      const userAgent = request.headers['user-agent']?.slice(0, 512) ?? null;
      const rows = await db.query<{ id: string }>(
        `INSERT INTO client_error_reports (kind, remote, version, message, stack, component_stack, url, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
        [
          body.kind,
          body.remote,
          body.version,
          body.message,
          body.stack ?? null,
          body.componentStack ?? null,
          body.url ?? null,
          userAgent,
        ],
      );
      return reply.status(201).send({ id: Number(rows[0]!.id) });
    },
  );
};
