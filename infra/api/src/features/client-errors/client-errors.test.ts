import { describe, expect, it } from 'vitest';
import { BACKENDS } from '../../../test/harness.ts';
import { testAppPerSuite } from '../../../test/accounts-fixtures.ts';

const report = {
  kind: 'render',
  remote: 'shell',
  version: '1.0.0',
  message: 'Cannot read properties of undefined',
  stack: 'TypeError: Cannot read properties of undefined\n    at Header',
  componentStack: '\n    at Header\n    at App',
  url: 'http://localhost:3000/legal',
};

describe.each(BACKENDS)('client error reports on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('POST /api/client-errors', () => {
    const t = testAppPerSuite(backend, { config: { clientErrorRateLimitPerMinute: 3 } });

    it('should store a render error report with the remote name and version (000 §8)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client-errors',
        payload: report,
        headers: { 'user-agent': 'Mozilla/5.0 test', 'x-forwarded-for': '10.0.0.1' },
      });
      expect(res.statusCode).toBe(201);
      const rows = await t.db.query<Record<string, unknown>>(
        'SELECT kind, remote, version, message, stack, component_stack, url, user_agent FROM client_error_reports WHERE id = $1',
        [res.json().id],
      );
      expect(rows[0]).toEqual({
        kind: 'render',
        remote: 'shell',
        version: '1.0.0',
        message: report.message,
        stack: report.stack,
        component_stack: report.componentStack,
        url: report.url,
        user_agent: 'Mozilla/5.0 test',
      });
    });

    it('should answer 400 naming the field for a report without a remote name or version', async () => {
      // Each bad request counts against the limit too; one address per check keeps this test about validation.
      let client = 0;
      const post = (payload: unknown, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url: '/api/client-errors',
          payload: payload as object,
          headers,
          remoteAddress: `198.51.100.${(client += 1)}`,
        });
      const noRemote = await post({ ...report, remote: undefined });
      expect(noRemote.statusCode).toBe(400);
      expect(noRemote.json().error.field).toBe('remote');
      const badVersion = await post({ ...report, version: 'a b' });
      expect(badVersion.statusCode).toBe(400);
      expect(badVersion.json().error.field).toBe('version');
      const badKind = await post({ ...report, kind: 'lazy-import' });
      expect(badKind.json().error.field).toBe('kind');
      const notJson = await post('nope', { 'content-type': 'application/json' });
      expect(notJson.statusCode).toBe(400);
    });

    it('should rate-limit reports per client address with 429', async () => {
      const send = (ip: string) =>
        t.app.inject({ method: 'POST', url: '/api/client-errors', payload: report, remoteAddress: ip });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await send('192.0.2.7')).statusCode);
      expect(statuses).toEqual([201, 201, 201, 429]);
      expect((await send('192.0.2.8')).statusCode).toBe(201);
      const stored = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM client_error_reports WHERE url = 'http://localhost:3000/legal'",
      );
      expect(stored[0]!.n).toBeGreaterThanOrEqual(4);
    });
  });
});
