import { SubscriptionPanel } from '../features/subscription/components/subscription-panel.tsx';
import { ChangePlan } from './change-plan.tsx';

/** The settings page's subscription parcel: the management panel with the plan change on the saved card. */
export function SubscriptionSettings() {
  return <SubscriptionPanel changePlan={(live, close) => <ChangePlan active={live} onDone={close} />} />;
}
