/** Exact, case-sensitive match of a pathname against a pattern with `:param` segments (a trailing slash is ignored). */
export function matchRoutePattern(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (want.length !== have.length) return false;
  return want.every((segment, i) => (segment.startsWith(':') ? Boolean(have[i]) : segment === have[i]));
}

/**
 * Public data a remote's route reads on arrival, declared by the remote (its build writes it into the version
 * folder's `companion-remote.json`) so the origin server can put it into the first HTML instead of the page
 * asking for it after all its JS ran (ADR 0082). Only calls the API answers alike without a token are eligible.
 */
export interface FirstLoadHint {
  /** Route pattern, as in the shell's route table. */
  path: string;
  /**
   * `GET` calls under `/api`; `query` maps the API's query names to the page's (`utmSource ← utm_source`). `country`:
   * the answer depends on the visitor's country (the plans' prices, 001 §1): the origin forwards the CDN's country
   * header and keeps one answer per country (contract 1.6, ADR 0455).
   */
  api?: { path: string; query?: Record<string, string>; country?: boolean }[];
  /**
   * The remote's lazy chunks the route's first screen needs, by `webpackChunkName`: the origin preloads their files
   * with the route's other files, so a page split off the exposed module costs no extra round trip (ADR 0285).
   */
  chunks?: string[];
  /** The JS and CSS files of `chunks`, written by the remote's build into `companion-remote.json`. */
  files?: string[];
  /**
   * Images to preload from the first call's answer (an array): the first `take` items that match `where` of the
   * first rule whose `query` matches the page's query (a rule without `query` always matches); the image is the
   * first entry of `field` (a URL, or an object with `imageUrl`).
   */
  images?: {
    field: string;
    take: number;
    rules: { query?: Record<string, string>; where: Record<string, string | number | boolean> }[];
  };
}

/** The key under which an inlined answer is stored and looked up: path and sorted query, `PersonModel/top?a=1`. */
export function firstLoadKey(
  path: string,
  query: Record<string, string | number | boolean | null | undefined> = {},
): string {
  const params = new URLSearchParams();
  for (const name of Object.keys(query).sort()) {
    const value = query[name];
    if (value !== undefined && value !== null) params.set(name, String(value));
  }
  return `${path.replace(/^\//, '')}?${params.toString()}`;
}
