import { ChatPage } from '../pages/chat-page.tsx';

/** The chat remote: one page for `/chat` and `/chat/:chatId` (router-less, ADR 0081). */
export function App() {
  return <ChatPage />;
}
