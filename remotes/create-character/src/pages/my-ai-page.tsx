import { RemotePage } from '@companion/remote-kit';

/** My AI: the page's heading until its feature issue fills it. */
export function MyAiPage() {
  return <RemotePage title="My AI" description="The characters you have created." />;
}
