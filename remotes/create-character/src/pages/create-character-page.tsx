import { PageIntro } from './page-intro.tsx';

/** Create Character: the page's heading until its feature issue fills it. */
export function CreateCharacterPage() {
  return <PageIntro title="Create Character" description="Design your own AI companion, step by step." />;
}
