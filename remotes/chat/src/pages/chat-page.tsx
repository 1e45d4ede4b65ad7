import { RemotePage } from '@companion/remote-kit';

/** Chat: the page's heading until its feature issue fills it. */
export function ChatPage() {
  return <RemotePage title="Chat" description="Your conversations with AI characters." />;
}
