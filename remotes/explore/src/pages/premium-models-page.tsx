import { PageIntro } from './page-intro.tsx';

/** Premium Models: the page's heading until its feature issue fills it. */
export function PremiumModelsPage() {
  return <PageIntro title="Premium Models" description="Exclusive premium characters." />;
}
