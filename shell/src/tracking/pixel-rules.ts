/** The four ad networks of 001 §4. */
export type AdNetwork = 'facebook' | 'tiktok' | 'snapchat' | 'twitter';

/** How a visit shows it came from a network: its utm source, a source suffix, or its click-id parameter (001 §4). */
export interface NetworkRule {
  network: AdNetwork;
  clickIdParam: string;
  sourceSuffix: string;
}

/** Click-id params fbclid, ttclid, ScCid, twclid; source suffixes -fb, -tt, -snap, -tw (001 §4). */
export const NETWORK_RULES: readonly NetworkRule[] = [
  { network: 'facebook', clickIdParam: 'fbclid', sourceSuffix: '-fb' },
  { network: 'tiktok', clickIdParam: 'ttclid', sourceSuffix: '-tt' },
  { network: 'snapchat', clickIdParam: 'ScCid', sourceSuffix: '-snap' },
  { network: 'twitter', clickIdParam: 'twclid', sourceSuffix: '-tw' },
];

/** Pixel ids per network from the server's configuration; facebook takes up to four (001 §4). */
export interface PixelConfig {
  facebook: string[];
  tiktok: string | null;
  snapchat: string | null;
  twitter: string | null;
}

/** At most this many facebook pixel ids are used (001 §4). */
export const MAX_FACEBOOK_PIXELS = 4;

/** A network as the visit saw it: its click id when the URL carried one. */
export interface NetworkMatch {
  network: AdNetwork;
  clickId: string | null;
}

/**
 * The networks a URL's query belongs to: a network initialises only if the utm source equals its name, includes
 * its suffix, or its click-id parameter is present (001 §4).
 */
export function matchNetworks(search: string): NetworkMatch[] {
  const params = new URLSearchParams(search);
  const source = params.get('utm_source') ?? '';
  return NETWORK_RULES.filter(
    (rule) => source === rule.network || source.includes(rule.sourceSuffix) || params.has(rule.clickIdParam),
  ).map((rule) => ({ network: rule.network, clickId: params.get(rule.clickIdParam) || null }));
}

/** Whether a network has a pixel configured: its script loads only then. */
export function isConfigured(config: PixelConfig, network: AdNetwork): boolean {
  return network === 'facebook' ? config.facebook.length > 0 : config[network] !== null;
}

/**
 * Reads `<meta name="ad-pixels">` (the server's `FACEBOOK_PIXEL_IDS`, `TIKTOK_PIXEL_ID`, `SNAPCHAT_PIXEL_ID`,
 * `TWITTER_PIXEL_ID`, inlined like the other shell configuration); missing or malformed means none.
 */
export function readPixelConfig(doc: Pick<Document, 'querySelector'>): PixelConfig {
  const none: PixelConfig = { facebook: [], tiktok: null, snapchat: null, twitter: null };
  const raw = doc.querySelector<HTMLMetaElement>('meta[name="ad-pixels"]')?.content;
  if (!raw) return none;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return none;
  }
  const id = (x: unknown) => (typeof x === 'string' && /^[\w-]{1,64}$/.test(x) ? x : null);
  const facebook = Array.isArray(value['facebook']) ? value['facebook'] : [];
  return {
    facebook: facebook
      .map(id)
      .filter((x): x is string => x !== null)
      .slice(0, MAX_FACEBOOK_PIXELS),
    tiktok: id(value['tiktok']),
    snapchat: id(value['snapchat']),
    twitter: id(value['twitter']),
  };
}

/**
 * The networks this visit matched, kept in the tab's `sessionStorage` (ADR 0420): the page the payment provider
 * returns to is the same visit and still reports to them; a later visit (a new tab or browser session) that does not
 * match runs none. Before ADR 0420 they were kept in `localStorage` for good; {@link LEGACY_NETWORKS_KEY} is removed.
 */
export const VISIT_NETWORKS_KEY = 'ad-networks';
export const LEGACY_NETWORKS_KEY = 'persist:ad-networks';

type StoredNetworks = Partial<Record<AdNetwork, { clickId: string | null }>>;

/**
 * The networks whose pixels this page runs: those the visit matched (the query it landed with, the current one, and
 * earlier pages of the same visit, kept in `visit` with their click ids) that have a pixel configured. Empty on most
 * visits; the pixel code is then never loaded.
 */
export function activeNetworks(options: {
  config: PixelConfig;
  /** The visit's storage: `sessionStorage` in the browser. */
  visit: Pick<Storage, 'getItem' | 'setItem'>;
  /** The landing query and the current one (tracking parameters such as ScCid are not carried across pages). */
  searches: readonly string[];
}): { active: AdNetwork[]; clickIds: Partial<Record<AdNetwork, string | null>> } {
  let stored: StoredNetworks;
  try {
    stored = (JSON.parse(options.visit.getItem(VISIT_NETWORKS_KEY) ?? 'null') as StoredNetworks | null) ?? {};
  } catch {
    stored = {};
  }
  for (const search of options.searches)
    for (const match of matchNetworks(search))
      stored[match.network] = { clickId: match.clickId ?? stored[match.network]?.clickId ?? null };
  options.visit.setItem(VISIT_NETWORKS_KEY, JSON.stringify(stored));
  const active = NETWORK_RULES.map((rule) => rule.network).filter(
    (network) => stored[network] !== undefined && isConfigured(options.config, network),
  );
  const clickIds: Partial<Record<AdNetwork, string | null>> = {};
  for (const network of active) clickIds[network] = stored[network]?.clickId ?? null;
  return { active, clickIds };
}
