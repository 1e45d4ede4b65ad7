import { ChatLanding } from '../features/chat-landing/components/chat-landing.tsx';

/** `/chat-landing/:chatId`, and `/` of the fakeChat brand (no chat id). */
export default function ChatLandingPage({ params }: { params: Record<string, string> }) {
  return <ChatLanding chatId={params.chatId ?? null} />;
}
