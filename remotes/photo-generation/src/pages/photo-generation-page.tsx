import { RemotePage } from '@companion/remote-kit';

/** Photo Generation: the page's heading until its feature issue fills it. */
export function PhotoGenerationPage() {
  return <RemotePage title="Photo Generation" description="Generate photos of your AI girlfriend." />;
}
