// The admins' funnel report (`GET Report/funnel`, ADR 0242): the API computes it, the funnels remote shows it.

/** One funnel row: a quiz variant and a utm source, and how many of its visitors reached each stage. */
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
