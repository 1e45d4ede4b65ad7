import { PageIntro } from './page-intro.tsx';

/** Quiz: the page's heading until its feature issue fills it. */
export function FunnelPage() {
  return <PageIntro title="Quiz" description="Answer a few questions to meet your perfect AI companion." />;
}
