import { PageIntro } from './page-intro.tsx';

/** Photo Generation: the page's heading until its feature issue fills it. */
export function PhotoGenerationPage() {
  return <PageIntro title="Photo Generation" description="Generate photos of your AI girlfriend." />;
}
