import { PATHS } from '@companion/contracts';

/** The query parameter that carries where the buyer came from through the provider's round trip. */
export const RETURN_TO_PARAM = 'returnTo';

/**
 * Where the buyer goes after a purchase (001 §4 "After purchase"): back to the chat they were in (with the
 * `purchased` flag), to photo generation, to the chat page if they came from chat, else the pricing page.
 * Only app paths are accepted: anything else (another origin, `//host`) falls back to pricing.
 */
export function afterPurchaseTarget(returnTo: string | null): string {
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//')) return PATHS.pricing.href();
  const pathname = returnTo.split(/[?#]/)[0] ?? '';
  if (PATHS.chatThread.matches(pathname)) return `${pathname}?purchased=true`;
  if (PATHS.photoGeneration.matches(pathname)) return returnTo;
  if (PATHS.chat.matches(pathname)) return PATHS.chat.href();
  return PATHS.pricing.href();
}

/**
 * The redirect URL handed to the provider: the payment source page (`/pricing` or `/tokens`, 001 §2) carrying
 * the page the buyer started from. The provider appends the return parameters.
 */
export function redirectUrlFor(isTokens: boolean, returnTo: string): string {
  const page = isTokens ? PATHS.tokens : PATHS.pricing;
  return page.href({ [RETURN_TO_PARAM]: returnTo });
}
