import { RemotePage } from '@companion/remote-kit';

/** Quiz: the page's heading until its feature issue fills it. */
export function FunnelPage() {
  return <RemotePage title="Quiz" description="Answer a few questions to meet your perfect AI companion." />;
}
