import { RemotePage } from '@companion/remote-kit';

/** Pricing: the page's heading until its feature issue fills it. */
export function PricingPage() {
  return <RemotePage title="Pricing" description="Choose your plan." />;
}
