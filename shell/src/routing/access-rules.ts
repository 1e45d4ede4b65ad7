import { PATHS, type User } from '@companion/contracts';
import type { Brand } from '../brand/brands.ts';

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

/** Inputs of {@link subscriberFunnelRedirect}. */
export interface FunnelRedirectInput {
  brand: Pick<Brand, 'isFunnel'>;
  /** True when the path is a marketing or funnel page of the main app. */
  onFunnelPage: boolean;
  user: Pick<User, 'activeSubscription' | 'utmSource'> | null;
  accessToken: string | null;
  refreshToken: string | null;
  deviceId: string | null;
  mainAppOrigin: string;
}

/**
 * Sends a subscriber off a funnel to the main app (000 §2.2). On a funnel domain the target is absolute and
 * carries `accessToken`, `refreshToken` and `device_id` in the query so the main app signs in as the same user;
 * the target is the main page keeping the user's utm source when they have one, else the chat list.
 * Returns null when the visitor stays.
 */
export function subscriberFunnelRedirect(input: FunnelRedirectInput): string | null {
  const { user } = input;
  if (!user?.activeSubscription) return null;
  if (!input.brand.isFunnel && !input.onFunnelPage) return null;
  const target = new URL(user.utmSource ? PATHS.home.href() : PATHS.chat.href(), input.mainAppOrigin);
  if (user.utmSource) target.searchParams.set('utm_source', user.utmSource);
  if (!input.brand.isFunnel) return `${target.pathname}${target.search}`;
  if (input.accessToken) target.searchParams.set('accessToken', input.accessToken);
  if (input.refreshToken) target.searchParams.set('refreshToken', input.refreshToken);
  if (input.deviceId) target.searchParams.set('device_id', input.deviceId);
  return target.toString();
}
