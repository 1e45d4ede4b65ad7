import { Route, Routes } from 'react-router';
import { RemoteRouter } from '@companion/remote-kit';
import { CreateCharacterPage } from '../pages/create-character-page.tsx';
import { MyAiPage } from '../pages/my-ai-page.tsx';

/** The create-character remote's routes. */
export function App() {
  return (
    <RemoteRouter>
      <Routes>
        <Route path="/create-character" element={<CreateCharacterPage />} />
        <Route path="/create-character-white" element={<CreateCharacterPage />} />
        <Route path="/my-ai" element={<MyAiPage />} />
      </Routes>
    </RemoteRouter>
  );
}
