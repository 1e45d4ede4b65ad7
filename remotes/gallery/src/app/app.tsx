import { GalleryPage } from '../pages/gallery-page.tsx';

/** The gallery remote has one page, `/gallery` (router-less like explore, ADR 0081). */
export function App() {
  return <GalleryPage />;
}
