import { PATHS } from '@companion/contracts';
import { useRemoteLocation } from '@companion/remote-kit';
import { PricingPage } from '../pages/pricing-page.tsx';
import { TokensPage } from '../pages/tokens-page.tsx';
import { lazy, Suspense } from 'react';

// The experiment's switch loads only for an address that carries it: /pricing and /tokens do not pay for it.
const WeeklyPlanSwitch = lazy(() => import('../features/experiments/weekly-plan-switch-effect.tsx'));

/** The checkout remote's pages, router-less (ADR 0081): the token pages, else pricing. */
export function App() {
  const { pathname, search } = useRemoteLocation();
  const tokens = PATHS.tokens.matches(pathname) || PATHS.magicPageTokens.matches(pathname);
  return (
    <>
      {/* `WEEKLY_PLAN_PARAM`, spelled out so the switch's module stays out of the first load. */}
      {new URLSearchParams(search).has('experimentWeeklyPlan') && (
        <Suspense fallback={null}>
          <WeeklyPlanSwitch />
        </Suspense>
      )}
      {tokens ? <TokensPage /> : <PricingPage />}
    </>
  );
}
