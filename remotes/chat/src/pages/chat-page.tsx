import { PageIntro } from './page-intro.tsx';

/** Chat: the page's heading until its feature issue fills it. */
export function ChatPage() {
  return <PageIntro title="Chat" description="Your conversations with AI characters." />;
}
