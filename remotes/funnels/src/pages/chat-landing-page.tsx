import { PageIntro } from './page-intro.tsx';

/** Chat: the page's heading until its feature issue fills it. */
export function ChatLandingPage() {
  return <PageIntro title="Chat" description="Say hi and start chatting." />;
}
