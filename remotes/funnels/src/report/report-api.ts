import type { Transport } from '@companion/contracts';

/** One row of `GET Report/funnel`: a quiz variant and utm source, and its visitors at each stage. */
export interface FunnelRow {
  variant: string;
  utmSource: string;
  visitors: number;
  quizCompleted: number;
  paywallShown: number;
  purchased: number;
}

/** `GET Report/funnel` (admins only; 403 otherwise). */
export interface FunnelReport {
  from: string;
  to: string;
  rows: FunnelRow[];
}

export const getFunnelReport = (t: Transport, from: string, to: string) =>
  t.request<FunnelReport>('Report/funnel', { query: { from, to } });
