import { Route, Routes } from 'react-router';
import { RemoteRouter } from '@companion/remote-kit';
import { GalleryPage } from '../pages/gallery-page.tsx';

/** The gallery remote's routes. */
export function App() {
  return (
    <RemoteRouter>
      <Routes>
        <Route path="/gallery" element={<GalleryPage />} />
      </Routes>
    </RemoteRouter>
  );
}
