// The package's public surface: the one-origin server, hubs and tests import from here.
export { buildApp, CORE_FEATURES, FEATURES, MERGE_STEPS } from './app.ts';
export { attachHubs } from './hubs/attach-hubs.ts';
export type { ApiHubs, AttachHubsDeps } from './hubs/attach-hubs.ts';
export type { AppDeps } from './app.ts';
export { loadConfig } from './config.ts';
export type { Config } from './config.ts';
export { createDatabase } from './db/database.ts';
export type { Database, DatabaseOptions, Queryable } from './db/database.ts';
export { migrate } from './db/migrate.ts';
export { createAuthenticator, loadJwtKey, signAccessToken } from './http/auth.ts';
export type { AuthResult, AuthUser, AuthenticatorDeps } from './http/auth.ts';
export type { CompanionEngine } from './engines/companion/index.ts';
export { HttpError } from './http/errors.ts';
export { openRateLimitRedis } from './http/rate-limit-redis.ts';
export type { ErrorBody } from './http/errors.ts';
export type { AccountMergeStep, FeatureDeps, FeaturePlugin, Ledger } from './http/feature.ts';
export { InsufficientTokensError } from './features/tokens/ledger.ts';
