import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../test/harness.ts';
import { testAppPerSuite } from '../test/accounts-fixtures.ts';

describe.each(BACKENDS)('app skeleton on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('routes', () => {
    const t = testAppPerSuite(backend, { config: { bodyLimitBytes: 1024 } });

    it('should answer health with status ok', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('should forbid caching API answers, errors included', async () => {
      for (const url of ['/api/health', '/api/nope', '/api/User']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
    });

    it('should answer unknown routes with a JSON 404', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/nope?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/nope.' } });
    });

    it('should answer oversized bodies with 413', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/health',
        payload: { big: 'x'.repeat(5000) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
    });
  });
});
