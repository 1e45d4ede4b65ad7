import { PhotoGenerationPage } from '../pages/photo-generation-page.tsx';

/** The photo-generation remote has one page, `/ai-girlfriend-generator` (router-less like explore, ADR 0081). */
export function App() {
  return <PhotoGenerationPage />;
}
