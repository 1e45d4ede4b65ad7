// Security and reliability regressions, round two: what the whole API shares (bodies, hubs, reports, mail).

import { describe, expect, it } from 'vitest';
import { CORE_FEATURES } from './app.ts';
import { findUnsafeText, jsonTooDeep, MAX_JSON_DEPTH } from './http/validate.ts';
import { BACKENDS } from '../test/harness.ts';
import { testAppPerSuite } from '../test/accounts-fixtures.ts';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('JSON depth', () => {
  it('should count only the brackets outside strings', () => {
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonTooDeep(JSON.stringify({ text: '[[[[[[[[[['.repeat(20) }))).toBe(false);
    expect(jsonTooDeep(JSON.stringify({ text: 'a\\"[[[[' }), 2)).toBe(false);
  });

  it('should walk a value of any depth for unsafe text without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    expect(findUnsafeText(deep)).toBe(Array(200_000).fill('0').join('.'));
    expect(findUnsafeText({ a: ['ok', { b: 'fine' }], 'c\u0000': 1 })).toBe('c\u0000');
    expect(findUnsafeText({ a: ['ok', 'x\ud800'], b: 'x\u0000' })).toBe('a.1');
  });
});

describe.each(BACKENDS)('bodies on $backend', ({ backend, available }) => {
  describe.skipIf(!available)('deeply nested JSON', () => {
    const t = testAppPerSuite(backend, { features: CORE_FEATURES });

    it('should refuse deeply nested JSON with 400 naming the body on unauthenticated routes', async () => {
      for (const url of ['/api/Authenticate/pre-register', '/api/client-errors', '/api/contact-us']) {
        for (const payload of [
          nested(20_000),
          nested(20_000, '{"a":', '}').replace(/\{"a":\}/, '{}'),
          nested(33),
        ]) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/json' },
            payload,
          });
          expect(res.statusCode, `${url} ${payload.length}`).toBe(400);
          expect(res.json().error).toMatchObject({ code: 'validation_failed', field: 'body' });
        }
      }
    });
  });
});
