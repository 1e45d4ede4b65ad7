import type { Transport } from '@companion/contracts';
import { useEffect } from 'react';
import {
  useBus,
  useRemoteLocation,
  useRemoteNavigate,
  useTransport,
  useVisitor,
} from '@companion/remote-kit';
import { requestedWeeklyPlan, WEEKLY_PLAN_PARAM, withoutWeeklyPlanParam } from './weekly-plan-switch.ts';

/** `POST Authenticate/update-feature-flags` (000 §7) with the flags to switch. */
const updateFeatureFlags = (t: Transport, flags: Record<string, boolean>) =>
  t.request('Authenticate/update-feature-flags', { method: 'POST', body: flags });

/**
 * Applies `?experimentWeeklyPlan=on|off` once the user is known: the flag is switched on the server, the user is
 * refetched (the plan rules read it from `GET User`) and the parameter leaves the address.
 */
export function useWeeklyPlanSwitch() {
  const { user } = useVisitor();
  const location = useRemoteLocation();
  const navigate = useRemoteNavigate();
  const transport = useTransport();
  const bus = useBus();
  const current = user ? user.userFeatures.featureExperimentWeeklyPlan : null;
  const asked = new URLSearchParams(location.search).has(WEEKLY_PLAN_PARAM);
  const wanted = user ? requestedWeeklyPlan(location.search, current) : null;
  useEffect(() => {
    if (!asked || !user) return;
    const clean = () =>
      navigate(
        { pathname: location.pathname, search: withoutWeeklyPlanParam(location.search) },
        { replace: true },
      );
    if (wanted === null) {
      clean();
      return;
    }
    let live = true;
    updateFeatureFlags(transport, { featureExperimentWeeklyPlan: wanted }).then(
      () => {
        bus.publish('user:refresh-requested', { source: 'experiment_weekly_plan' });
        if (live) clean();
      },
      (error: unknown) => console.warn('[checkout] experiment switch failed', error),
    );
    return () => {
      live = false;
    };
  }, [asked, wanted, user, transport, bus, navigate, location.pathname, location.search]);
}
