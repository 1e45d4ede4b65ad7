// The auth routes' guard: the per-IP limit on sign-in attempts (the routes that need a session use `app.authenticate`).
import type { FeatureDeps } from '../../../http/feature.ts';

/** Route config for the auth routes: `limited` is the per-IP rate limit every sign-in route carries. */
export function guards(deps: FeatureDeps) {
  const { config } = deps;
  const limited = { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000 } };
  return { limited };
}
