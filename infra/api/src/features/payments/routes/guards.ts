import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../../http/feature.ts';

/** The payments routes' guards: signed in, and signed in within the per-IP payment-attempt limit. */
export function guards(app: FastifyInstance, deps: FeatureDeps) {
  return {
    auth: { preHandler: app.authenticate },
    // Payment attempts are what card testers automate (ASVS 2.4.1): the auth limit per IP applies to them too.
    limited: {
      preHandler: app.authenticate,
      config: { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: 60_000 } },
    },
  };
}
