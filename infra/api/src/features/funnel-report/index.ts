import { z } from 'zod';
import type { FunnelRow } from '@companion/contracts';
import type { Queryable } from '../../db/database.ts';
import { requireAdmin } from '../../http/admin.ts';
import { badRequest } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { parseQuery } from '../../http/validate.ts';

const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2999-12-31';
const day = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date (YYYY-MM-DD).`)
    .refine((value) => {
      // Date.parse rolls 2026-02-31 over into March: a real date reads back unchanged.
      const time = Date.parse(`${value}T00:00:00Z`);
      return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
    }, `${field} must be a real date.`)
    // A day past 9999-12-30 ends in year 10000, which no database date parameter reads: the report's dates are
    // this millennium's, refused by name otherwise (it answered 500).
    .refine(
      (value) => value >= FIRST_DAY && value <= LAST_DAY,
      `${field} must be between ${FIRST_DAY} and ${LAST_DAY}.`,
    );
const ReportQuery = z.object({ from: day('from'), to: day('to') });

/** The longest range one report covers. */
export const MAX_REPORT_DAYS = 366;

export type { FunnelRow } from '@companion/contracts';

/**
 * The funnel over [from, to) (ADR 0242): visitors are the users who started a quiz variant (`quiz_started`
 * {variant}) in the range; of them, who completed that variant (`quiz_completed`), saw a paywall (`paywall_shown`)
 * and had an order approved, each after their start and before the end. The utm source is the attribution stored
 * with the user (else the user's own, else `(direct)`).
 */
export async function funnelReport(db: Queryable, from: Date, to: Date): Promise<FunnelRow[]> {
  return db.query<FunnelRow>(
    `WITH starts AS (
       SELECT e.user_id, e.properties->>'variant' AS variant, min(e.occurred_at) AS started_at
       FROM analytics_events e
       WHERE e.name = 'quiz_started' AND e.user_id IS NOT NULL AND e.properties->>'variant' IS NOT NULL
         AND e.occurred_at >= $1 AND e.occurred_at < $2
       GROUP BY e.user_id, e.properties->>'variant'
     ), visitors AS (
       SELECT s.user_id, s.variant, s.started_at,
              COALESCE(NULLIF(a.utm_source, ''), NULLIF(u.utm_source, ''), '(direct)') AS utm_source
       FROM starts s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN user_attributions a ON a.user_id = s.user_id
     )
     SELECT v.variant, v.utm_source AS "utmSource",
       count(*)::int AS visitors,
       count(*) FILTER (WHERE EXISTS (
         SELECT 1 FROM analytics_events c WHERE c.user_id = v.user_id AND c.name = 'quiz_completed'
           AND c.properties->>'variant' = v.variant AND c.occurred_at >= v.started_at AND c.occurred_at < $2))::int
         AS "quizCompleted",
       count(*) FILTER (WHERE EXISTS (
         SELECT 1 FROM analytics_events p WHERE p.user_id = v.user_id AND p.name = 'paywall_shown'
           AND p.occurred_at >= v.started_at AND p.occurred_at < $2))::int AS "paywallShown",
       count(*) FILTER (WHERE EXISTS (
         SELECT 1 FROM payment_orders o WHERE o.user_id = v.user_id AND o.status = 'approved'
           AND o.updated_at >= v.started_at AND o.updated_at < $2))::int AS purchased
     FROM visitors v
     GROUP BY v.variant, v.utm_source
     ORDER BY visitors DESC, v.variant, v.utm_source`,
    [from, to],
  );
}

/** `GET Report/funnel?from&to` (dates, UTC, both days included): admins only (`users.is_admin`, 403 otherwise). */
export const funnelReportFeature: FeaturePlugin = async (app, deps) => {
  app.get('/Report/funnel', { preHandler: app.authenticate }, async (request) => {
    await requireAdmin(deps.db, request);
    const query = parseQuery(ReportQuery, request.query);
    const from = new Date(`${query.from}T00:00:00Z`);
    const to = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000);
    if (to <= from) throw badRequest('to must not be before from.', 'to', 'validation_failed');
    if (to.getTime() - from.getTime() > MAX_REPORT_DAYS * 86_400_000)
      throw badRequest(`The range must be at most ${MAX_REPORT_DAYS} days.`, 'to', 'validation_failed');
    return { from: query.from, to: query.to, rows: await funnelReport(deps.db, from, to) };
  });
};
