import type { TokenPair } from '@companion/contracts';

/** The query parameter that carries a saved-auth id out of an in-app browser (spec 000 §2.3, §4). */
export const SAVED_AUTH_PARAM = 'savedInfoId';

/** The auth-related query parameters of spec 000 §2.3, read once at start. */
export interface AuthQuery {
  /** Google return: `accessToken`/`refreshToken` (or `access_token`/`refresh_token`). */
  tokens: TokenPair | null;
  /** Google return of a new account: tracks a sign-up. */
  register: boolean;
  magicCode: string | null;
  destination: 'settings' | 'main';
  savedAuthId: string | null;
  utmSource: string | null;
  ttclid: string | null;
  fbclid: string | null;
  gclid: string | null;
  /** A funnel domain's quiz answers for the wizard (the draft, as session storage holds it), handed over with the tokens. */
  characterDraft: string | null;
}

const TOKEN_PARAMS = [
  'accessToken',
  'refreshToken',
  'access_token',
  'refresh_token',
  'register',
  'characterDraft',
];
const MAGIC_PARAMS = ['MagicCode', 'destination'];

/** Parses the auth parameters out of a `location.search`. */
export function readAuthQuery(search: string): AuthQuery {
  const params = new URLSearchParams(search);
  const accessToken = params.get('accessToken') ?? params.get('access_token');
  const refreshToken = params.get('refreshToken') ?? params.get('refresh_token');
  const register = params.get('register');
  return {
    tokens: accessToken && refreshToken ? { accessToken, refreshToken } : null,
    register: register !== null && register !== 'false' && register !== '0',
    magicCode: params.get('MagicCode'),
    destination: params.get('destination') === 'settings' ? 'settings' : 'main',
    savedAuthId: params.get(SAVED_AUTH_PARAM),
    utmSource: params.get('utm_source'),
    ttclid: params.get('ttclid'),
    fbclid: params.get('fbclid'),
    gclid: params.get('gclid'),
    characterDraft: params.get('characterDraft'),
  };
}

/** Spec 000 §4: a click id implies the utm source when none is given; the first present, in this order, wins. */
export const CLICK_ID_SOURCES = { ttclid: 'tiktok', fbclid: 'facebook', gclid: 'google' } as const;

/** A click id that implies a utm source. */
export type ClickIdParam = keyof typeof CLICK_ID_SOURCES;

/** The first click id present (by `CLICK_ID_SOURCES` order), or null. */
export function clickIdIn(get: (name: ClickIdParam) => string | null | undefined): ClickIdParam | null {
  return (Object.keys(CLICK_ID_SOURCES) as ClickIdParam[]).find((name) => get(name)) ?? null;
}

/** The utm source of an arrival: the given one, else the one its click id implies (000 §4). */
export function utmSourceFrom(query: AuthQuery): string | null {
  if (query.utmSource) return query.utmSource;
  const clickId = clickIdIn((name) => query[name]);
  return clickId ? CLICK_ID_SOURCES[clickId] : null;
}

/** The search string without the Google-return tokens or the consumed magic-link parameters. */
export function stripParams(search: string, which: 'tokens' | 'magic'): string {
  const params = new URLSearchParams(search);
  for (const name of which === 'tokens' ? TOKEN_PARAMS : MAGIC_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
