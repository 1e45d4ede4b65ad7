import { RemotePage } from '@companion/remote-kit';

/** Affiliates: the page's heading until its feature issue fills it. */
export function AffiliatesPage() {
  return <RemotePage title="Affiliates" description="Partner with us." />;
}
