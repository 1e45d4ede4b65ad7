// One budget of requests per client across every API route (ADR 0310): a client is the subject of a valid bearer
// token, else its address (the origin's X-Forwarded-For under TRUST_PROXY). Routes' own tighter limits (sign-in,
// reports) still apply; the count is shared across instances through the rate-limit store (Redis with REDIS_URL).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, verifiedTokenSubject } from './auth.ts';
import { HttpError } from './errors.ts';

/** Paths outside the budget: probes and scrapers ask often and cost nothing. */
const UNBUDGETED = new Set(['/api/health', '/api/metrics']);

/** Adds the per-client budget of `perMinute` requests to every `/api` route of `app` (0 turns it off). */
export function installClientBudget(
  app: FastifyInstance,
  options: { perMinute: number; jwtKey: Uint8Array; now: () => Date },
): void {
  if (options.perMinute <= 0) return;
  const clientOf = async (request: FastifyRequest): Promise<string> => {
    const token = bearerToken(request);
    const subject = token ? await verifiedTokenSubject(options, token) : null;
    return subject ? `user:${subject}` : `ip:${request.ip}`;
  };
  const limit = app.createRateLimit({ max: options.perMinute, timeWindow: 60_000, keyGenerator: clientOf });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    if (!path.startsWith('/api/') || UNBUDGETED.has(path)) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('x-ratelimit-limit', String(result.max));
    throw new HttpError(
      429,
      'rate_limited',
      `Too many requests from this client: retry in ${result.ttlInSeconds} s.`,
      undefined,
      result.ttlInSeconds,
    );
  });
}
