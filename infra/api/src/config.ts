import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultCpuThreads } from './workers/cpu-pool.ts';

/** Everything the API reads from the environment, resolved once at start. */
export interface Config {
  env: 'development' | 'test' | 'production';
  host: string;
  port: number;
  /** Root for the embedded database and the persisted JWT secret. */
  dataDir: string;
  /** When set, use this PostgreSQL instead of PGlite. */
  databaseUrl: string | null;
  /** pg Pool size per instance. */
  databasePoolSize: number;
  /** When set, GET /api/metrics requires `Authorization: Bearer <token>` (scrapers only). */
  metricsToken: string | null;
  /** Optional PostgreSQL schema (tests use a fresh one per run). */
  databaseSchema: string | null;
  /** HS256 secret; null means "generate once and persist under dataDir". */
  jwtSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  magicLinkTtlSeconds: number;
  savedAuthTtlSeconds: number;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimitBytes: number;
  /** Header a CDN sets with the visitor's ISO country, e.g. CF-IPCountry. */
  countryHeader: string;
  googleClientId: string | null;
  googleJwksUrl: string;
  /** Server-side web flow (`Authenticate/start/web`): needs the client secret too. */
  googleClientSecret: string | null;
  googleAuthUrl: string;
  googleTokenUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Public origin used to build magic links. */
  publicUrl: string;
  /** Requests per minute per client address on the auth endpoints (30 unless NODE_ENV=test). */
  authRateLimitPerMinute: number;
  /** Client error reports per minute per IP (`POST /api/client-errors`). */
  clientErrorRateLimitPerMinute: number;
  /** Analytics batches and attribution records per minute per IP (`POST /api/Event/track`, `Event/set-attribution`). */
  eventTrackRateLimitPerMinute: number;
  /** Requests per minute one client (token subject, else address) may make to any API route; 0 turns it off. */
  apiRateLimitPerMinute: number;
  /** Worker threads for CPU-heavy work, tasks waiting for them (all clients), and tasks per client at once. */
  cpuThreads: number;
  cpuQueueLimit: number;
  cpuTasksPerClient: number;
  /**
   * Which proxies' X-Forwarded-For to trust (Fastify `trustProxy`): the one-origin server proxies from
   * loopback, so the client IP (rate limits, get-ip-address) is the real one rather than 127.0.0.1.
   */
  trustProxy: boolean | string;
  logLevel: string;
  /**
   * `COMPANION_TEST_FIXTURES=1`: mounts `/api/testing/*`, which lets a signed-in caller set what only payments
   * can set today (their plan period). Never set in a deployment; the suites' stacks set it.
   */
  testFixtures: boolean;
  /**
   * `DEV_MAIL_VIEWER=1`: mounts `GET /api/dev/outbox` (the recorded mail, sign-in links included), answering
   * loopback clients only. Off by default in every environment: the terminal shows a local user their link.
   */
  devMailViewer: boolean;
}

/** The repo root: infra/api/src -> ../../.. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function trustProxyFrom(value: string | undefined): boolean | string {
  if (value === undefined || value === '') return 'loopback';
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  // A comma-separated list of addresses/CIDRs, e.g. "10.0.0.0/8,loopback".
  return value;
}

/** Reads the configuration from an env map (process.env by default); throws on malformed values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const nodeEnv =
    env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = int(env.API_PORT, 3001, 'API_PORT');
  // A per-minute limit: the production figure under NODE_ENV=production, a roomier one elsewhere.
  const perMinute = (name: string, production: number, otherwise: number): number =>
    int(env[name], nodeEnv === 'production' ? production : otherwise, name);
  const config: Config = {
    env: nodeEnv,
    host: env.HOST || '127.0.0.1',
    port,
    dataDir: path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data')),
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    databasePoolSize: int(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE') || 10,
    metricsToken: env.METRICS_TOKEN || null,
    jwtSecret: env.JWT_SECRET || null,
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 15 * 60, 'ACCESS_TOKEN_TTL_SECONDS'),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 30 * 24 * 3600, 'REFRESH_TOKEN_TTL_SECONDS'),
    magicLinkTtlSeconds: int(env.MAGIC_LINK_TTL_SECONDS, 15 * 60, 'MAGIC_LINK_TTL_SECONDS'),
    // Spec: in-app browsers re-save every 9 minutes, so one save outlives one interval.
    savedAuthTtlSeconds: int(env.SAVED_AUTH_TTL_SECONDS, 10 * 60, 'SAVED_AUTH_TTL_SECONDS'),
    bodyLimitBytes: int(env.API_BODY_LIMIT_BYTES, 1024 * 1024, 'API_BODY_LIMIT_BYTES'),
    countryHeader: (env.COUNTRY_HEADER || 'cf-ipcountry').toLowerCase(),
    googleClientId: env.GOOGLE_CLIENT_ID || null,
    googleJwksUrl: env.GOOGLE_JWKS_URL || 'https://www.googleapis.com/oauth2/v3/certs',
    googleClientSecret: env.GOOGLE_CLIENT_SECRET || null,
    googleAuthUrl: env.GOOGLE_AUTH_URL || 'https://accounts.google.com/o/oauth2/v2/auth',
    googleTokenUrl: env.GOOGLE_TOKEN_URL || 'https://oauth2.googleapis.com/token',
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM || 'Companion <no-reply@companion.local>',
    publicUrl: env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`,
    // The production limit unless a suite asks otherwise: `pnpm start` without NODE_ENV is what a small deployment
    // runs, so it must not be the roomy one (the browser suites set AUTH_RATE_LIMIT_PER_MINUTE themselves).
    authRateLimitPerMinute: int(
      env.AUTH_RATE_LIMIT_PER_MINUTE,
      nodeEnv === 'test' ? 300 : 30,
      'AUTH_RATE_LIMIT_PER_MINUTE',
    ),
    // A crash loop in one tab must not fill the table; a real page reports a handful of errors at most.
    clientErrorRateLimitPerMinute: perMinute('CLIENT_ERROR_RATE_LIMIT_PER_MINUTE', 20, 120),
    // A tab sends a batch every 5 s at most plus one beacon when hidden; a few tabs behind one address fit.
    eventTrackRateLimitPerMinute: perMinute('EVENT_TRACK_RATE_LIMIT_PER_MINUTE', 60, 600),
    // Twenty requests a second for a whole minute: far above a person's tabs (a page load makes about fifteen), far
    // below what one script can send (ADR 0310).
    apiRateLimitPerMinute: perMinute('API_RATE_LIMIT_PER_MINUTE', 1200, 6000),
    cpuThreads: int(env.CPU_POOL_THREADS, defaultCpuThreads(), 'CPU_POOL_THREADS'),
    cpuQueueLimit: int(env.CPU_POOL_QUEUE, 16, 'CPU_POOL_QUEUE'),
    cpuTasksPerClient: int(env.CPU_TASKS_PER_CLIENT, 2, 'CPU_TASKS_PER_CLIENT'),
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    // warn by default: start prints one line; LOG_LEVEL=info adds per-request logs.
    logLevel: env.LOG_LEVEL || (nodeEnv === 'test' ? 'silent' : 'warn'),
    testFixtures: env.COMPANION_TEST_FIXTURES === '1',
    devMailViewer: env.DEV_MAIL_VIEWER === '1',
  };
  return { ...config, ...overrides };
}

/**
 * Token price of each paid feature; the server's catalogue is the only source (spec: "each has a default;
 * values not shown", so these are ours, ADR 0012).
 */
export const USER_PRICING_DEFAULTS = {
  tokenPriceForPersonModelCreation: 10,
  tokenPriceForVideo: 20,
  tokenPriceForVoiceCall: 10,
  tokenPriceForImage: 5,
  tokenPriceForVoiceOver: 2,
  tokenPriceForAudioMessage: 3,
  tokenPriceForMessage: 1,
};

/** Token economy constants (ADR 0012). The spec leaves the daily amount "not shown": we pick 20. */
export const TOKEN_RULES = {
  dailyBonusTokens: 20,
  /** One claim per rolling period. */
  dailyBonusPeriodMs: 24 * 60 * 60 * 1000,
  /** Tokens a brand-new visitor starts with. */
  welcomeTokens: 0,
};

/** Prometheus/start|stop metric names the client may record (bounded label cardinality). */
export const CLIENT_METRICS = ['front_payment_duration'] as const;
