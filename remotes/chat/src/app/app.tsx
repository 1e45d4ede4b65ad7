import { Route, Routes } from 'react-router';
import { RemoteRouter } from '@companion/remote-kit';
import { ChatPage } from '../pages/chat-page.tsx';

/** The chat remote's routes. */
export function App() {
  return (
    <RemoteRouter>
      <Routes>
        <Route path="/chat" element={<ChatPage />} />
        <Route path="/chat/:chatId" element={<ChatPage />} />
      </Routes>
    </RemoteRouter>
  );
}
