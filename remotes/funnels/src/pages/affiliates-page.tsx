import { PageIntro } from './page-intro.tsx';

/** Affiliates: the page's heading until its feature issue fills it. */
export function AffiliatesPage() {
  return <PageIntro title="Affiliates" description="Partner with us." />;
}
