import { PageIntro } from './page-intro.tsx';

/** Pricing: the page's heading until its feature issue fills it. */
export function PricingPage() {
  return <PageIntro title="Pricing" description="Choose your plan." />;
}
