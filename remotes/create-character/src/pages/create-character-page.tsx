import { RemotePage } from '@companion/remote-kit';

/** Create Character: the page's heading until its feature issue fills it. */
export function CreateCharacterPage() {
  return <RemotePage title="Create Character" description="Design your own AI companion, step by step." />;
}
