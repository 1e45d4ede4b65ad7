import { Suspense, lazy } from 'react';
import { Spinner } from '@companion/ui';

// The ops page is for a handful of admins: its own chunk, loaded on /ops only (nothing on first load).
const OpsPage = lazy(() => import('./ops-page.tsx'));

/** `/ops`: the lazily loaded ops page. */
export function OpsRoute() {
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <OpsPage />
    </Suspense>
  );
}
