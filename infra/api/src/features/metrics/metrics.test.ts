import { describe, expect, it } from 'vitest';
import { CORE_FEATURES, buildApp } from '../../app.ts';
import { BACKENDS, bearer, preRegister, requestAs, testClock, testConfig } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';

describe.each(BACKENDS)('metrics on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('Prometheus/* and /metrics', () => {
    const clock = testClock();
    const t = testAppPerSuite(backend, { now: clock.now });

    it('should time a payment from start to stop and expose it in Prometheus text format', async () => {
      const s = await preRegister(t.app);
      const headers = bearer(s.accessToken);
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/Prometheus/start',
        headers,
        payload: { metric: 'front_payment_duration' },
      });
      expect(start.statusCode).toBe(200);
      const { id } = start.json();
      clock.advance(3_000);
      const stop = await t.app.inject({
        method: 'POST',
        url: '/api/Prometheus/stop',
        headers,
        payload: { metric: 'front_payment_duration', resultLabel: 'success', id },
      });
      expect(stop.json()).toMatchObject({ id, durationSeconds: 3, resultLabel: 'success' });
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/Prometheus/stop',
        headers,
        payload: { metric: 'front_payment_duration', resultLabel: 'success', id },
      });
      expect(again.statusCode).toBe(404);
      const text = await t.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(text.headers['content-type']).toMatch(/^text\/plain/);
      expect(text.body).toContain('front_payment_duration_seconds_count{result="success"} 1');
      expect(text.body).toContain('front_payment_duration_seconds_bucket{le="5",result="success"} 1');
      expect(text.body).toMatch(
        /api_http_requests_total\{method="POST",route="\/api\/Prometheus\/start",status="200"\} 1/,
      );
    });

    it('should stop by id with a fail label, and only for the user who started it', async () => {
      const a = await preRegister(t.app);
      const b = await preRegister(t.app);
      await requestAs(t.app, a, 'POST', '/api/Prometheus/start', {
        metric: 'front_payment_duration',
        id: `pay-${a.userId}`,
      });
      const dup = await requestAs(t.app, a, 'POST', '/api/Prometheus/start', {
        metric: 'front_payment_duration',
        id: `pay-${a.userId}`,
      });
      expect(dup.statusCode).toBe(409);
      const foreign = await requestAs(t.app, b, 'POST', '/api/Prometheus/stop-by-id', {
        id: `pay-${a.userId}`,
        resultLabel: 'fail',
      });
      expect(foreign.statusCode).toBe(404);
      const own = await requestAs(t.app, a, 'POST', '/api/Prometheus/stop-by-id', {
        id: `pay-${a.userId}`,
        resultLabel: 'fail',
      });
      expect(own.json().resultLabel).toBe('fail');
      const text = (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;
      expect(text).toContain('front_payment_duration_seconds_count{result="fail"} 1');
    });

    it('should require the scrape token when METRICS_TOKEN is set', async () => {
      const app = await buildApp({
        features: CORE_FEATURES,
        config: testConfig({ metricsToken: 'scrape-me' }),
        db: t.db,
      });
      expect((await app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
      expect(
        (await app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer nope' } }))
          .statusCode,
      ).toBe(401);
      const ok = await app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: 'Bearer scrape-me' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('process_cpu_user_seconds_total');
      await app.close();
    });

    it('should reject unknown metrics and labels', async () => {
      const s = await preRegister(t.app);
      const metric = await requestAs(t.app, s, 'POST', '/api/Prometheus/start', { metric: 'anything_goes' });
      expect(metric.statusCode).toBe(400);
      expect(metric.json().error.field).toBe('metric');
      const label = await requestAs(t.app, s, 'POST', '/api/Prometheus/stop', {
        metric: 'front_payment_duration',
        id: 'x',
        resultLabel: 'maybe',
      });
      expect(label.json().error.field).toBe('resultLabel');
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/Prometheus/start',
            payload: { metric: 'front_payment_duration' },
          })
        ).statusCode,
      ).toBe(401);
    });
  });
});
