import { useRemoteLocation } from '@companion/remote-kit';
import { ExplorePage } from '../pages/explore-page.tsx';
import { PremiumModelsPage } from '../pages/premium-models-page.tsx';

/** The explore remote's pages: `/premium-models` (trailing slash allowed), else the main page. */
export function App() {
  const { pathname } = useRemoteLocation();
  return pathname.replace(/\/+$/, '') === '/premium-models' ? <PremiumModelsPage /> : <ExplorePage />;
}
