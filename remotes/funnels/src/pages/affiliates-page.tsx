import { Affiliates } from '../features/affiliates/components/affiliates.tsx';

/** `/affiliates` (000 §2.1). */
export default function AffiliatesPage() {
  return <Affiliates />;
}
