import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import { E2E_PORT } from '../support/env.ts';

// The bad-input suite: every route of the API's own route table (read at run time, so routes added later
// are covered without touching this file), walked through the origin on keep-alive connections with malformed
// JSON, wrong types, NUL and lone surrogates, huge strings and numbers, and bad paths. Every answer must be a
// 4xx JSON error (a 400 names its field) or a success: never a 5xx, never a hung connection.

interface RouteEntry {
  method: string;
  url: string;
}

interface Answer {
  status: number;
  body: string;
  reusedSocket: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HUGE_STRING = 'x'.repeat(200_000);
const OVER_LIMIT = Buffer.alloc(2 * 1024 * 1024, 'y');
const HUGE_NUMBERS: unknown[] = [1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, 1e-308, 0.5, -1];
const WRONG_TYPES: unknown[] = [12345, true, [], {}, null, ['a', 1], { nested: { deep: [1] } }];
const CANDIDATES: unknown[] = [
  'text',
  1,
  true,
  randomUUID(),
  'bad-input@example.com',
  { a: 1 },
  ['a'],
  '2024-01-01T00:00:00.000Z',
];
const MAX_FIELDS_PER_ROUTE = 6;
// Nesting far past the API's depth limit (a recursive walker overflowed on these), arrays and objects.
const DEEP_BODIES = [
  '['.repeat(20_000) + ']'.repeat(20_000),
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
];
// Return URLs that the URL parser turns into another host (tab, newline dropped) or a header no browser takes.
const CONTROL_URLS = [
  '/\t/evil.example/x',
  '/\n/x',
  '/\r\n/evil.example',
  ' //evil.example',
  '/\\evil.example',
];

function send(
  method: string,
  path: string,
  options: { token?: string | undefined; body?: string | Buffer; contentType?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers['authorization'] = `Bearer ${options.token}`;
    if (options.body !== undefined) {
      headers['content-type'] = options.contentType ?? 'application/json';
      headers['content-length'] = String(Buffer.byteLength(options.body));
    }
    const request = http.request(
      { host: '127.0.0.1', port: E2E_PORT, method, path, headers, agent, timeout: 15_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            reusedSocket: request.reusedSocket,
          }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer in 15 s`)));
    request.on('error', reject);
    if (options.body !== undefined) request.write(options.body);
    request.end();
  });
}

function errorOf(answer: Answer): { code?: unknown; field?: unknown } | null {
  try {
    const parsed = JSON.parse(answer.body) as { error?: { code?: unknown; field?: unknown } };
    return parsed.error ?? null;
  } catch {
    return null;
  }
}

/** Sets `value` at a dotted path in a copy of `base` (`a.b.0` makes nested objects, arrays for numbers). */
function withField(base: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  const parts = field.split('.');
  let node: Record<string, unknown> = copy;
  parts.slice(0, -1).forEach((part, i) => {
    const next = node[part];
    if (typeof next !== 'object' || next === null) node[part] = /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
    node = node[part] as Record<string, unknown>;
  });
  node[parts[parts.length - 1] as string] = value;
  return copy;
}

test.describe('bad input on every API route through the origin', () => {
  test('should answer 4xx JSON naming the field, never 5xx, on keep-alive connections', async () => {
    test.setTimeout(600_000);
    const table = await send('GET', '/api/testing/routes');
    expect(table.status, table.body).toBe(200);
    const routes = (JSON.parse(table.body) as RouteEntry[]).filter(
      // Never walk the route table itself, nor the sign-out of the suite's own session mid-walk.
      (route) => route.url !== '/api/testing/routes',
    );
    expect(routes.length).toBeGreaterThan(40);

    let token: string | undefined;
    const newSession = async (): Promise<void> => {
      const answer = await send('POST', '/api/Authenticate/pre-register', {
        body: JSON.stringify({
          fingerprint: `bad-input-${randomUUID()}`,
          isNConfirmed: false,
          isSConfirmed: false,
          utmSource: null,
          pathname: '/',
        }),
      });
      expect(answer.status, answer.body).toBe(200);
      token = (JSON.parse(answer.body) as { accessToken: string }).accessToken;
    };
    await newSession();

    const tried: Record<string, number> = {};
    const fiveHundreds: string[] = [];
    const unnamed: string[] = [];
    const notJson: string[] = [];
    let reused = 0;
    let total = 0;

    const check = async (
      kind: string,
      method: string,
      path: string,
      options: {
        body?: string | Buffer;
        anonymous?: boolean;
        expectField?: string;
        must400?: boolean;
        mustRefuse?: boolean;
      } = {},
    ): Promise<Answer> => {
      let answer = await send(method, path, {
        ...(options.body !== undefined ? { body: options.body } : {}),
        token: options.anonymous ? undefined : token,
      });
      // A probe that deleted the account or ended the session: carry on with a fresh visitor.
      if (answer.status === 410 || (answer.status === 401 && !options.anonymous)) {
        await newSession();
        answer = await send(method, path, {
          ...(options.body !== undefined ? { body: options.body } : {}),
          token,
        });
      }
      tried[kind] = (tried[kind] ?? 0) + 1;
      total += 1;
      if (answer.reusedSocket) reused += 1;
      const label = `${kind}: ${method} ${path.slice(0, 120)} → ${answer.status} ${answer.body.slice(0, 200)}`;
      if (answer.status >= 500) fiveHundreds.push(label);
      if (answer.status >= 400 && answer.status < 500 && !path.startsWith('/hubs/')) {
        const error = errorOf(answer);
        if (!error || typeof error.code !== 'string') notJson.push(label);
        else if (answer.status === 400 && (typeof error.field !== 'string' || error.field === ''))
          unnamed.push(label);
        else if (
          options.expectField !== undefined &&
          answer.status === 400 &&
          error.field !== options.expectField
        )
          unnamed.push(`${label} (expected field ${options.expectField})`);
      }
      if (options.must400 && answer.status !== 400 && !path.startsWith('/hubs/'))
        unnamed.push(`${label} (expected 400 naming ${options.expectField ?? 'the field'})`);
      // A hub's negotiate reads no body (SignalR): it is not refused, nor parsed.
      if (options.mustRefuse && answer.status < 400 && !path.startsWith('/hubs/'))
        unnamed.push(`${label} (expected a refusal)`);
      return answer;
    };

    for (const route of routes) {
      const isHub = route.url.startsWith('/hubs/');
      const concrete = (param: string): string =>
        isHub
          ? '/hubs/chatHub/negotiate?negotiateVersion=1'
          : route.url.replace(/:[A-Za-z]+/g, param).replace('*', param);
      const path = concrete(randomUUID());
      const { method } = route;

      // Path parameters and query strings: NUL, lone surrogate bytes, bad percent-encoding, traversal, huge.
      if (!isHub) {
        for (const bad of [
          '%00',
          '%ED%A0%80',
          '%E0%A4%A',
          '..%2F..%2Fetc%2Fpasswd',
          'z'.repeat(5000),
          '99999999999999999999999999',
        ]) {
          if (route.url.includes(':')) await check('bad path parameter', method, concrete(bad));
          await check('bad query string', method, `${path}?id=${bad}&q=${bad}`);
        }
      }
      if (!BODY_METHODS.has(method)) continue;

      // The body as a whole: malformed JSON, wrong top-level types, over the size limit.
      for (const body of ['{"a":', '{"a":1,}', '[1,2', '\u0000', '{"a":"\\ud800"}', 'nul\u0000l']) {
        await check('malformed JSON', method, path, { body });
      }
      for (const value of WRONG_TYPES) {
        await check('wrong type (body)', method, path, { body: JSON.stringify(value) });
      }
      await check('huge body (2 MiB)', method, path, { body: OVER_LIMIT });
      for (const body of DEEP_BODIES) {
        await check('nesting depth', method, path, { body, expectField: 'body', mustRefuse: true });
        await check('nesting depth', method, path, {
          body,
          anonymous: true,
          expectField: 'body',
          mustRefuse: true,
        });
      }

      // Field by field: the 400 for `{}` names the first field it needs; probe it, then find a value that moves
      // the error on to the next field, up to a few fields per route.
      let base: Record<string, unknown> = {};
      const seen = new Set<string>();
      for (let step = 0; step < MAX_FIELDS_PER_ROUTE && !isHub; step += 1) {
        const answer = await check('field discovery', method, path, { body: JSON.stringify(base) });
        const field = answer.status === 400 ? errorOf(answer)?.field : undefined;
        if (typeof field !== 'string' || field === 'body' || seen.has(field)) break;
        seen.add(field);
        for (const value of WRONG_TYPES)
          await check('wrong type (field)', method, path, {
            body: JSON.stringify(withField(base, field, value)),
          });
        for (const value of ['a\u0000b', 'lone \ud800 high', 'lone \udc00 low', '\u0000'])
          await check('NUL and lone surrogates', method, path, {
            body: JSON.stringify(withField(base, field, value)),
            expectField: field,
          });
        await check('huge string', method, path, {
          body: JSON.stringify(withField(base, field, HUGE_STRING)),
        });
        for (const value of HUGE_NUMBERS)
          await check('huge number', method, path, { body: JSON.stringify(withField(base, field, value)) });
        await check('huge number', method, path, {
          body: `{"${field.split('.')[0]}":1${'0'.repeat(400)}}`,
        });
        let moved = false;
        for (const candidate of CANDIDATES) {
          const next = withField(base, field, candidate);
          const probe = await check('field discovery', method, path, { body: JSON.stringify(next) });
          if (probe.status !== 400 || errorOf(probe)?.field !== field) {
            base = next;
            moved = true;
            break;
          }
        }
        if (!moved) break;
      }
      // Return URLs once the body is otherwise complete: the URL itself must be what is refused, by name.
      for (const field of [...seen].filter((name) => /url$/i.test(name)))
        for (const value of CONTROL_URLS)
          await check('control characters in URLs', method, path, {
            body: JSON.stringify(withField(base, field, value)),
            expectField: field,
            must400: true,
          });
    }

    // The same connection still serves after everything above (no hung socket after a 413).
    const health = await send('GET', '/api/health');
    expect(health.status).toBe(200);

    console.log(
      `bad-input suite: ${routes.length} routes, ${total} requests, ${reused} on reused keep-alive sockets, ` +
        `${fiveHundreds.length} answered 5xx\n` +
        Object.entries(tried)
          .map(([kind, count]) => `  ${kind}: ${count}`)
          .join('\n'),
    );
    expect({
      fiveHundreds: fiveHundreds.slice(0, 20),
      notJson: notJson.slice(0, 20),
      unnamed: unnamed.slice(0, 20),
    }).toEqual({ fiveHundreds: [], notJson: [], unnamed: [] });
    expect(reused).toBeGreaterThan(total / 2);
  });
});
