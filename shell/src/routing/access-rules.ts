import { PATHS, type User } from '@companion/contracts';
import type { Brand, MainAppEntry } from '../brand/brands.ts';

/** Routes reachable only when the NSFW check passes (000 §2.2): settings, buy tokens, hidden tokens. */
const NSFW_GATED_PATHS: readonly string[] = [PATHS.settings, PATHS.tokens, PATHS.magicPageTokens].map(
  (route) => route.pattern,
);

/** What a gated route should do now. */
export type GateDecision = 'allow' | 'wait' | 'redirect';

/** The NSFW gate: wait while the user is unknown, then allow or send to the main page. */
export function nsfwGate(pathname: string, userKnown: boolean, nsfw: boolean): GateDecision {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (!NSFW_GATED_PATHS.includes(path)) return 'allow';
  if (!userKnown) return 'wait';
  return nsfw ? 'allow' : 'redirect';
}

/** The session a funnel domain hands over to the main app (000 §2.2). */
export interface HandOverSession {
  accessToken: string | null;
  refreshToken: string | null;
  deviceId: string | null;
  mainApp: MainAppEntry;
  /** The wizard's draft from session storage, carried only to another origin (session storage does not cross). */
  characterDraft?: string | null;
}

/**
 * The main app's URL for a path of it, reached from a funnel domain (000 §2.2): absolute, carrying
 * `accessToken`, `refreshToken` and `device_id` in the query so the main app signs in as the same user.
 */
export function mainAppUrl(href: string, session: HandOverSession): string {
  const target = new URL(href, session.mainApp.origin);
  for (const [name, value] of Object.entries(session.mainApp.params)) target.searchParams.set(name, value);
  if (session.accessToken) target.searchParams.set('accessToken', session.accessToken);
  if (session.refreshToken) target.searchParams.set('refreshToken', session.refreshToken);
  if (session.deviceId) target.searchParams.set('device_id', session.deviceId);
  if (session.characterDraft) target.searchParams.set('characterDraft', session.characterDraft);
  return target.toString();
}

/** Inputs of {@link subscriberFunnelRedirect}. */
export interface FunnelRedirectInput extends HandOverSession {
  brand: Pick<Brand, 'isFunnel'>;
  /** True when the path is a marketing or funnel page of the main app. */
  onFunnelPage: boolean;
  user: Pick<User, 'activeSubscription' | 'utmSource'> | null;
}

/**
 * Sends a subscriber off a funnel to the main app (000 §2.2). On a funnel domain the target is the main app's
 * ({@link mainAppUrl}); the target is the main page keeping the user's utm source when they have one, else the
 * chat list. Returns null when the visitor stays.
 */
export function subscriberFunnelRedirect(input: FunnelRedirectInput): string | null {
  const { user } = input;
  if (!user?.activeSubscription) return null;
  if (!input.brand.isFunnel && !input.onFunnelPage) return null;
  const params = new URLSearchParams();
  if (user.utmSource) params.set('utm_source', user.utmSource);
  const query = params.size ? `?${params.toString()}` : '';
  const href = `${user.utmSource ? PATHS.home.href() : PATHS.chat.href()}${query}`;
  return input.brand.isFunnel ? mainAppUrl(href, input) : href;
}
