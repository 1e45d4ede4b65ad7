import { PageIntro } from './page-intro.tsx';

/** My AI: the page's heading until its feature issue fills it. */
export function MyAiPage() {
  return <PageIntro title="My AI" description="The characters you have created." />;
}
