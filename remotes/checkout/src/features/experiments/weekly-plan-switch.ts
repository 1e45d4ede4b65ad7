/**
 * The weekly-plan experiment's switch (001 §3 `featureExperimentWeeklyPlan`, ADR 0430): a link to /settings with
 * `experimentWeeklyPlan=on|off` (an ad campaign's landing, a QA link) puts the visitor in or out of the experiment
 * through `POST Authenticate/update-feature-flags`. Any other value switches nothing.
 */
export const WEEKLY_PLAN_PARAM = 'experimentWeeklyPlan';

/** The arm a query string asks for, or null when it asks for none (or for the one the user is already in). */
export function requestedWeeklyPlan(search: string, current: boolean | null): boolean | null {
  const value = new URLSearchParams(search).get(WEEKLY_PLAN_PARAM);
  const wanted = value === 'on' ? true : value === 'off' ? false : null;
  return wanted === null || wanted === current ? null : wanted;
}

/** The query string without the switch (it acts once). */
export function withoutWeeklyPlanParam(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(WEEKLY_PLAN_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
