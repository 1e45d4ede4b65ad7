import { RemotePage } from '@companion/remote-kit';

/** Chat: the page's heading until its feature issue fills it. */
export function ChatLandingPage() {
  return <RemotePage title="Chat" description="Say hi and start chatting." />;
}
