import { useRemoteLocation } from '@companion/remote-kit';
import { ExplorePage } from '../pages/explore-page.tsx';
import { PremiumModelsPage } from '../pages/premium-models-page.tsx';

/** The explore remote's pages: `/premium-models` (trailing slash allowed), else the main page. */
export function App() {
  const { pathname } = useRemoteLocation();
  return pathname.replace(/\/+$/, '') === '/premium-models' ? <PremiumModelsPage /> : <ExplorePage />;
}

/**
 * Whether a path has a server-rendered first screen (ADR 0453): both pages do, and neither has a lazy chunk to load
 * first. The server entry and the browser's hydration ask the same.
 */
export const prepareFirstScreen = async (path: string) => /^\/(premium-models\/?)?$/.test(path);
