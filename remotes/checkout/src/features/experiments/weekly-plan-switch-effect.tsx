import { useWeeklyPlanSwitch } from './use-weekly-plan-switch.ts';

/** Runs the weekly-plan switch; loaded only when the address asks for it (checkout's byte budget). */
export default function WeeklyPlanSwitch() {
  useWeeklyPlanSwitch();
  return null;
}
