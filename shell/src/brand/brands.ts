import {
  BRAND_HOSTS,
  brandOfHost,
  isDevelopmentHost,
  type BrandId,
  type BrandInfo,
  type ThemeMode,
} from '@companion/contracts';
import { FONT_STACKS, type FontName } from '@companion/ui';

/** Which routes a brand serves (spec 000 §2.1 "Brand route sets"); `full` is the whole main app. */
export type RouteSetName = 'full' | 'newGirl' | 'charmGirl' | 'fakeChat' | 'fbQuiz' | 'funnels';

/** Everything the shell decides per brand: display, font, routes, theme and content rules. */
export interface Brand extends BrandInfo {
  font: FontName;
  routeSet: RouteSetName;
  /** Theme the build starts with before the visitor picks one (000 §1: the funnel build defaults to dark). */
  defaultTheme: ThemeMode;
  /** Theme switching exists only on some builds (000 §1). */
  themeSwitch: boolean;
  /** The build-flag case in which content is never NSFW (000 §4 "NSFW determination"). */
  sfwOnly: boolean;
  /** A funnel domain: subscribers are sent to the main app with their tokens in the query (000 §2.2). */
  isFunnel: boolean;
  /** The flag that hides Gallery and My AI from the navigation (000 §2.5). */
  hideGalleryAndMyAi: boolean;
  /** Photo generation on this build; when off its navigation item is hidden (000 §2.5). */
  photoGeneration: boolean;
}

const base = (id: BrandId, name: string, font: FontName = 'manrope') => ({
  id,
  name,
  font,
  fontFamily: FONT_STACKS[font],
  supportEmail: `support@${name.toLowerCase().replace(/[^a-z0-9]/g, '')}.app`,
});

/** The main app's rules: the whole route table, dark by default with a theme switch, NSFW allowed. */
const APP = {
  routeSet: 'full',
  defaultTheme: 'dark',
  themeSwitch: true,
  sfwOnly: false,
  isFunnel: false,
  hideGalleryAndMyAi: false,
  photoGeneration: true,
} as const satisfies Partial<Brand>;

/** A funnel domain's rules: dark without a switch, subscribers sent on to the main app (000 §1, §2.2). */
const FUNNEL = { ...APP, themeSwitch: false, isFunnel: true } as const satisfies Partial<Brand>;

/** The brand variants one build serves (000 §1): each is its preset plus what differs. */
export const BRANDS: Record<BrandId, Brand> = {
  main: { ...base('main', 'Companion'), ...APP },
  mainMirror: { ...base('mainMirror', 'Companion'), ...APP },
  getHarder: { ...base('getHarder', 'GetHarder'), ...APP },
  svitlo: {
    ...base('svitlo', 'Svitlo'),
    ...APP,
    defaultTheme: 'light',
    hideGalleryAndMyAi: true,
    photoGeneration: false,
  },
  myFriend: {
    ...base('myFriend', 'MyFriend', 'spaceGrotesk'),
    ...APP,
    defaultTheme: 'light',
    sfwOnly: true,
    photoGeneration: false,
  },
  myMate: { ...base('myMate', 'MyMate', 'inter'), ...APP },
  newGirl: { ...base('newGirl', 'NewGirl'), ...FUNNEL, routeSet: 'newGirl' },
  charmGirl: { ...base('charmGirl', 'CharmGirl'), ...FUNNEL, routeSet: 'charmGirl' },
  fakeChat: { ...base('fakeChat', 'Companion Chat'), ...FUNNEL, routeSet: 'fakeChat' },
  fbQuiz: { ...base('fbQuiz', 'Companion Quiz'), ...FUNNEL, routeSet: 'fbQuiz' },
  funnels: { ...base('funnels', 'Companion'), ...FUNNEL, routeSet: 'funnels' },
};

/** The main app's origin, where subscribers leave funnel domains to (000 §2.2). */
export const MAIN_APP_ORIGIN = 'https://companion.app';

/** Where a funnel domain hands its visitors over to: the main app's origin and the query it needs there. */
export interface MainAppEntry {
  origin: string;
  /** Added to the target's query (on a development host, `brand=main` switches the one origin to the main app). */
  params: Readonly<Record<string, string>>;
}

/**
 * Where a funnel domain hands its visitors over to (000 §2.2): the main app's origin; on a development host the
 * same origin with `brand=main`, so one machine walks the whole journey.
 */
export function mainAppEntry(location: Pick<Location, 'hostname' | 'origin'>): MainAppEntry {
  if (isDevelopmentHost(location.hostname)) return { origin: location.origin, params: { brand: 'main' } };
  return { origin: MAIN_APP_ORIGIN, params: {} };
}

/** Where the development override is kept between page loads. */
const BRAND_OVERRIDE_KEY = 'persist:brand-override';
/** Query parameter that sets the development override (`?brand=myMate`, `?brand=` clears it). */
const BRAND_OVERRIDE_PARAM = 'brand';

/** Type guard for brand ids. */
function isBrandId(value: string | null | undefined): value is BrandId {
  return value != null && Object.hasOwn(BRANDS, value);
}

/** Inputs of {@link resolveBrand}, all injected so the rule is pure. */
export interface BrandResolutionInput {
  hostname: string;
  search: string;
  hostMap?: Readonly<Record<string, BrandId>>;
  /** A stored override (development hosts only). */
  storedOverride?: string | null;
}

/** The brand for a request and the override to store (undefined: leave it, null: clear it). */
export interface BrandResolution {
  brand: Brand;
  override: BrandId | null | undefined;
}

/**
 * Picks the brand at run time: on a development host `?brand=` (then the stored override) wins; otherwise the
 * hostname map decides, so a production domain can never be re-branded by a query string.
 */
export function resolveBrand({
  hostname,
  search,
  hostMap = BRAND_HOSTS,
  storedOverride = null,
}: BrandResolutionInput): BrandResolution {
  const mapped = brandOfHost(hostname, hostMap);
  if (mapped || !isDevelopmentHost(hostname)) return { brand: BRANDS[mapped ?? 'main'], override: undefined };
  const params = new URLSearchParams(search);
  if (params.has(BRAND_OVERRIDE_PARAM)) {
    const requested = params.get(BRAND_OVERRIDE_PARAM);
    if (isBrandId(requested)) return { brand: BRANDS[requested], override: requested };
    return { brand: BRANDS.main, override: null };
  }
  return { brand: BRANDS[isBrandId(storedOverride) ? storedOverride : 'main'], override: undefined };
}

/** Resolves the brand of this page load and keeps a development override in local storage. */
export function resolveCurrentBrand(win: Pick<Window, 'location' | 'localStorage'> = window): Brand {
  let stored: string | null = null;
  try {
    stored = win.localStorage.getItem(BRAND_OVERRIDE_KEY);
  } catch {
    // Storage can be disabled (private mode, in-app browsers): the hostname still decides.
  }
  const { brand, override } = resolveBrand({
    hostname: win.location.hostname,
    search: win.location.search,
    storedOverride: stored,
  });
  try {
    if (override) win.localStorage.setItem(BRAND_OVERRIDE_KEY, override);
    else if (override === null) win.localStorage.removeItem(BRAND_OVERRIDE_KEY);
  } catch {
    // See above.
  }
  return brand;
}
