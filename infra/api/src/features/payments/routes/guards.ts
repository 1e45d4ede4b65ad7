import type { FastifyInstance } from 'fastify';
import type { FeatureDeps } from '../../../http/feature.ts';
import type { Idempotent } from '../idempotency.ts';
import type { Orders } from '../orders.ts';

/** What every payments route module registers with, built once by the feature. */
export interface PaymentRoutes {
  app: FastifyInstance;
  deps: FeatureDeps;
  orders: Orders;
  idempotent: Idempotent;
  /** Signed in. */
  auth: { preHandler: FastifyInstance['authenticate'] };
  /** Signed in, within the per-IP payment-attempt limit. */
  limited: {
    preHandler: FastifyInstance['authenticate'];
    config: { rateLimit: { max: number; timeWindow: number } };
  };
}

/** The payments routes' context and guards. */
export function paymentRoutes(
  app: FastifyInstance,
  deps: FeatureDeps,
  orders: Orders,
  idempotent: Idempotent,
): PaymentRoutes {
  return {
    app,
    deps,
    orders,
    idempotent,
    auth: { preHandler: app.authenticate },
    // Payment attempts are what card testers automate (ASVS 2.4.1): the auth limit per IP applies to them too.
    limited: {
      preHandler: app.authenticate,
      config: { rateLimit: { max: deps.config.authRateLimitPerMinute, timeWindow: 60_000 } },
    },
  };
}
