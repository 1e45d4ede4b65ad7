import type { FunnelRow } from './report-api.ts';

/** The four stages of the growth team's funnel, in order. */
export const STAGES = [
  { key: 'visitors', label: 'Visitors' },
  { key: 'quizCompleted', label: 'Quiz completed' },
  { key: 'paywallShown', label: 'Paywall shown' },
  { key: 'purchased', label: 'Purchase' },
] as const;

export type StageKey = (typeof STAGES)[number]['key'];
type Counts = Pick<FunnelRow, StageKey>;

/** The rows summed: every variant and source together. */
export function totals(rows: readonly FunnelRow[]): Counts {
  const sum: Counts = { visitors: 0, quizCompleted: 0, paywallShown: 0, purchased: 0 };
  for (const row of rows) for (const { key } of STAGES) sum[key] += row[key];
  return sum;
}

/** `part` of `whole` as a percentage with one decimal ('–' when there is no whole). */
export function rate(part: number, whole: number): string {
  if (whole <= 0) return '–';
  const value = Math.round((part / whole) * 1000) / 10;
  return `${value}%`;
}

/** The UTC date `days` before `today`, as YYYY-MM-DD. */
export function isoDay(today: Date, days = 0): string {
  return new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);
}
