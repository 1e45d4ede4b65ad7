import { SubscriptionPanel } from '../features/subscription/components/subscription-panel.tsx';
import { useWeeklyPlanSwitch } from '../features/experiments/use-weekly-plan-switch.ts';
import { ChangePlan } from './change-plan.tsx';

/**
 * The settings page's subscription parcel: the management panel with the plan change on the saved card. It also
 * applies the weekly-plan experiment's switch (`/settings?experimentWeeklyPlan=on|off`, ADR 0430): this parcel is
 * not in /pricing's first load.
 */
export function SubscriptionSettings() {
  useWeeklyPlanSwitch();
  return <SubscriptionPanel changePlan={(live, close) => <ChangePlan active={live} onDone={close} />} />;
}
