import { Route, Routes } from 'react-router';
import { RemoteRouter } from '@companion/remote-kit';
import { PhotoGenerationPage } from '../pages/photo-generation-page.tsx';

/** The photo-generation remote's routes. */
export function App() {
  return (
    <RemoteRouter>
      <Routes>
        <Route path="/ai-girlfriend-generator" element={<PhotoGenerationPage />} />
      </Routes>
    </RemoteRouter>
  );
}
