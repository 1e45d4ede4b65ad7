import { Route, Routes } from 'react-router';
import { RemoteRouter } from '@companion/remote-kit';
import { ExplorePage } from '../pages/explore-page.tsx';
import { PremiumModelsPage } from '../pages/premium-models-page.tsx';

/** The explore remote's routes. */
export function App() {
  return (
    <RemoteRouter>
      <Routes>
        <Route path="/" element={<ExplorePage />} />
        <Route path="/premium-models" element={<PremiumModelsPage />} />
      </Routes>
    </RemoteRouter>
  );
}
