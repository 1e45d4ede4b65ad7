import type { AppHistory, AppLocation } from '@companion/contracts';
// The saved-auth id is preserved too, but only inside in-app browsers (000 §2.3, §4); the session owns its name.
import { SAVED_AUTH_PARAM } from '../session/auth-query.ts';

/** Tracking parameters read and preserved across navigation (spec 000 §2.3). */
export const TRACKING_PARAMS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'utm_id',
  'gclid',
  'fbclid',
  'ttclid',
  'aclid',
  'clickid',
  'click_id',
  'cake_cookie',
  'tracking',
  'sub2',
  'custom1',
  'aff_click_id',
  // "propeller ids": the spec does not name them; these are PropellerAds' click and zone macros.
  'propeller_click_id',
  'propeller_zone_id',
  'preLandDomain',
  'googleTransactionId',
  'device_id',
] as const;

/** The whitelisted parameters of a query string, in whitelist order. */
export function pickTracking(search: string, inAppBrowser = false): [string, string][] {
  const params = new URLSearchParams(search);
  const names: readonly string[] = inAppBrowser ? [...TRACKING_PARAMS, SAVED_AUTH_PARAM] : TRACKING_PARAMS;
  const picked: [string, string][] = [];
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) picked.push([name, value]);
  }
  return picked;
}

/**
 * Adds the current page's tracking parameters to a target query string. A value the target sets itself wins,
 * so a link may deliberately change `utm_source`.
 */
export function mergeTracking(targetSearch: string, currentSearch: string, inAppBrowser = false): string {
  const target = new URLSearchParams(targetSearch);
  let changed = false;
  for (const [name, value] of pickTracking(currentSearch, inAppBrowser)) {
    if (!target.has(name)) {
      target.append(name, value);
      changed = true;
    }
  }
  if (!changed) return targetSearch;
  const query = target.toString();
  return query ? `?${query}` : '';
}

/** A same-origin href with the current tracking parameters added (hash and path untouched). */
export function hrefWithTracking(href: string, currentSearch: string, inAppBrowser = false): string {
  const url = new URL(href, 'http://x.invalid');
  const search = mergeTracking(url.search, currentSearch, inAppBrowser);
  return `${url.pathname}${search}${url.hash}`;
}

/**
 * Keeps tracking parameters on every navigation, whoever navigates (shell links, remotes, `history.back`):
 * when a new location drops parameters the previous one carried, they are put back with a replace.
 */
export function installTrackingPreservation(history: AppHistory, inAppBrowser = false): () => void {
  let previous: AppLocation = history.location;
  return history.listen(() => {
    const next = history.location;
    const merged = mergeTracking(next.search, previous.search, inAppBrowser);
    if (merged !== next.search) {
      // `previous` keeps the old query so the replace (which re-enters here) finds nothing to add.
      history.replace({ pathname: next.pathname, search: merged, hash: next.hash }, next.state);
      return;
    }
    previous = next;
  });
}
