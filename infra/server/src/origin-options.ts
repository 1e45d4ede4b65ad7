import type { RemoteStore } from '@companion/registry';
import type { AdPixelConfig } from './ad-pixels.ts';
import type { CspSources } from './security-headers.ts';

/** Options of the one-origin server. */
export interface OriginServerOptions {
  /** Holds `registry.json` and the remote store (`remotes/<name>/<version>/`). */
  dataDir: string;
  /** The shell's build folder (`shell/dist`). */
  shellDir: string;
  /** Where `/api` and `/hubs` go; default `http://127.0.0.1:3001`. */
  apiUrl?: string;
  /** Upstream wait for headers and between body chunks; above the hubs' 100 s long-poll hold. */
  proxyTimeoutMs?: number;
  logger?: boolean;
  /**
   * Proxies in front of the origin whose X-Forwarded-For names the client (`TRUSTED_PROXIES`: addresses or CIDRs,
   * comma-separated). Default none: the socket's address is the client.
   */
  trustedProxies?: string | undefined;
  /** Google sign-in client id, published to the page as `<meta name="google-signin-client_id">`. */
  googleClientId?: string | undefined;
  /**
   * The API's body limit (`API_BODY_LIMIT_BYTES`, default 1 MiB): larger `/api` bodies are refused here with the
   * API's own 413, before a byte is proxied (the API refusing mid-upload broke the proxied exchange: 502).
   */
  apiBodyLimitBytes?: number;
  /** False while the supervised API is down (restarting): `/api` and `/hubs` answer 503 at once. */
  apiAvailable?: () => boolean;
  /**
   * The remote store when it is a bucket (`REMOTE_STORE=s3`, ADR 0190): `/registry.json` and `/remotes/` are read
   * from it instead of `dataDir`. Omitted (or a folder store): the data folder, as before.
   */
  store?: RemoteStore;
  /** How long a bucket-read `registry.json` is reused (default 1000 ms; a rollback shows within it). */
  registryCacheMs?: number;
  /** `SENTRY_DSN`, published to the page as `<meta name="sentry-dsn">`. */
  sentryDsn?: string | undefined;
  /** Ad pixel ids, published as `<meta name="ad-pixels">`; their origins join the page's CSP. */
  adPixels?: AdPixelConfig | null;
  /**
   * Render the route remote's first screen with its server entry (ADR 0452; default true). False: every page is
   * the shell's HTML only, as before.
   */
  firstScreen?: boolean;
  /** The first screen's render budget in ms (default 50). */
  firstScreenBudgetMs?: number;
  /**
   * The CDN's country header, as the API reads it (`COUNTRY_HEADER`, default `cf-ipcountry`): forwarded with the
   * first-load calls whose answer depends on it (the plans, ADR 0455).
   */
  countryHeader?: string | undefined;
  /** The live card form's script and frame origins (`paymentFormCspSources`), joining the page's CSP. */
  paymentFormSources?: CspSources;
}
