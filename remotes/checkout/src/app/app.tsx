import { PATHS } from '@companion/contracts';
import { useRemoteLocation } from '@companion/remote-kit';
import { PricingPage } from '../pages/pricing-page.tsx';
import { TokensPage } from '../pages/tokens-page.tsx';

/** The checkout remote's pages, router-less (ADR 0081): the token pages, else pricing. */
export function App() {
  const { pathname } = useRemoteLocation();
  const tokens = PATHS.tokens.matches(pathname) || PATHS.magicPageTokens.matches(pathname);
  return tokens ? <TokensPage /> : <PricingPage />;
}
