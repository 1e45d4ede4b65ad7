import crypto from 'node:crypto';
import { z } from 'zod';
import { CLIENT_METRICS } from '../../config.ts';
import { bearerToken, currentUser } from '../../http/auth.ts';
import { conflict, HttpError, notFound, unauthorized } from '../../http/errors.ts';
import type { FeaturePlugin } from '../../http/feature.ts';
import { isLoopbackAddress } from '../../http/loopback.ts';
import { parseBody } from '../../http/validate.ts';
import type { ClientMetric } from './registry.ts';

const metric = z.enum(CLIENT_METRICS, { message: `metric must be one of: ${CLIENT_METRICS.join(', ')}.` });
const timerId = z.string().trim().min(1).max(100);
const resultLabel = z.enum(['success', 'fail'], { message: 'resultLabel must be success or fail.' });
const Start = z.object({ metric, id: timerId.optional() });
const Stop = z.object({ metric, resultLabel, id: timerId });
const StopById = z.object({ id: timerId, resultLabel: resultLabel.optional().default('success') });

/** Prometheus/start|stop|stop-by-id (client-timed durations, kept in the database so any instance can stop them) and GET /metrics. */
export const metricsFeature: FeaturePlugin = async (app, deps) => {
  const { db, metrics } = deps;
  const auth = { preHandler: app.authenticate };

  app.post('/Prometheus/start', auth, async (request) => {
    const user = currentUser(request);
    const body = parseBody(Start, request.body);
    const id = body.id ?? crypto.randomUUID();
    const rows = await db.query(
      'INSERT INTO metric_timers (id, user_id, metric, started_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, id) DO NOTHING RETURNING id',
      [id, user.id, body.metric, deps.now()],
    );
    if (!rows[0]) throw conflict('A timer with this id already exists.', 'timer_exists', 'id');
    return { id };
  });

  async function stop(
    userId: string,
    id: string,
    result: 'success' | 'fail',
    expectedMetric: ClientMetric | null,
  ) {
    const now = deps.now();
    // Only the user who started a timer can stop it; someone else's id looks like a missing one.
    const rows = await db.query<{ metric: ClientMetric; started_at: Date }>(
      `UPDATE metric_timers SET stopped_at = $3, result_label = $4
       WHERE id = $1 AND user_id = $2 AND stopped_at IS NULL AND ($5::text IS NULL OR metric = $5) RETURNING metric, started_at`,
      [id, userId, now, result, expectedMetric],
    );
    const row = rows[0];
    if (!row) throw notFound('No running timer with this id.', 'timer_not_found');
    const seconds = Math.max(0, (now.getTime() - row.started_at.getTime()) / 1000);
    metrics.clientDurations[row.metric].observe({ result }, seconds);
    return { id, metric: row.metric, resultLabel: result, durationSeconds: seconds };
  }

  app.post('/Prometheus/stop', auth, async (request) => {
    const body = parseBody(Stop, request.body);
    return stop(currentUser(request).id, body.id, body.resultLabel, body.metric);
  });

  app.post('/Prometheus/stop-by-id', auth, async (request) => {
    const body = parseBody(StopById, request.body);
    return stop(currentUser(request).id, body.id, body.resultLabel, null);
  });

  app.get('/metrics', async (request, reply) => {
    const expected = deps.config.metricsToken;
    // Without a scrape token only this machine may read the metrics (request.ip is the real client behind the
    // origin, which forwards it).
    if (!expected && !isLoopbackAddress(request.ip))
      throw new HttpError(404, 'not_found', 'No route for GET /api/metrics.');
    if (expected) {
      const given = Buffer.from(bearerToken(request) ?? '');
      const want = Buffer.from(expected);
      if (given.length !== want.length || !crypto.timingSafeEqual(given, want))
        throw unauthorized('Metrics need the scrape token.', 'invalid_token');
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
};
