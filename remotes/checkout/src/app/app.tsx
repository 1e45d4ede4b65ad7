import { Route, Routes } from 'react-router';
import { RemoteRouter } from '@companion/remote-kit';
import { PricingPage } from '../pages/pricing-page.tsx';
import { TokensPage } from '../pages/tokens-page.tsx';

/** The checkout remote's routes. */
export function App() {
  return (
    <RemoteRouter>
      <Routes>
        <Route path="/pricing" element={<PricingPage />} />
        <Route path="/magic-page-pricing" element={<PricingPage />} />
        <Route path="/tokens" element={<TokensPage />} />
        <Route path="/magic-page-tokens" element={<TokensPage />} />
      </Routes>
    </RemoteRouter>
  );
}
