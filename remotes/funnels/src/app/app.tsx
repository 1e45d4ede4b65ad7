import { Route, Routes } from 'react-router';
import { RemoteRouter } from '@companion/remote-kit';
import { ChatLandingPage } from '../pages/chat-landing-page.tsx';
import { AffiliatesPage } from '../pages/affiliates-page.tsx';
import { FunnelPage } from '../pages/funnel-page.tsx';

/** The funnels remote's routes. */
export function App() {
  return (
    <RemoteRouter>
      <Routes>
        <Route path="/chat-landing/:chatId" element={<ChatLandingPage />} />
        <Route path="/affiliates" element={<AffiliatesPage />} />
        <Route path="*" element={<FunnelPage />} />
      </Routes>
    </RemoteRouter>
  );
}
