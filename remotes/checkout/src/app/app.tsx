import { PATHS, PAYMENT_RETURN_PARAMS, type BrandInfo } from '@companion/contracts';
import { useRemoteLocation } from '@companion/remote-kit';
import { PricingPage } from '../pages/pricing-page.tsx';
import { TokensPage } from '../pages/tokens-page.tsx';

/**
 * Whether a page has a server-rendered first screen (ADR 0455): the main app's `/pricing`, unless the visitor is
 * coming back from a provider (the return's modal reads the payment kept in this browser). It loads nothing first.
 * The server entry and the browser's hydration ask the same.
 */
export async function prepareFirstScreen(path: string, brand: BrandInfo, search: string): Promise<boolean> {
  const query = new URLSearchParams(search);
  return (
    brand.id === 'main' &&
    PATHS.pricing.matches(path) &&
    !PAYMENT_RETURN_PARAMS.some((name) => query.has(name))
  );
}

/** The checkout remote's pages, router-less (ADR 0081): the token pages, else pricing. */
export function App() {
  const { pathname } = useRemoteLocation();
  const tokens = PATHS.tokens.matches(pathname) || PATHS.magicPageTokens.matches(pathname);
  return tokens ? <TokensPage /> : <PricingPage />;
}
