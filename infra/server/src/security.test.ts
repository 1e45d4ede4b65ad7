// Security and reliability regression tests for the one origin.

import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { tempDir } from '@companion/registry/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOriginServer } from './origin-server.ts';
import type { FakeApi } from './testing/fake-api.ts';
import { startTestOrigin, writeShell } from './testing/origin-fixtures.ts';
import { RawConnection } from './testing/raw-http.ts';

let root: string;
let api: FakeApi;
let app: FastifyInstance;
let port: number;
let closeOrigin: () => Promise<void>;

beforeAll(async () => {
  root = await tempDir('origin-security');
  const shellDir = await writeShell(
    root,
    '<!doctype html><html><head><script>document.title = "x";</script></head><div id="root"></div></html>',
  );
  ({ app, api, port, close: closeOrigin } = await startTestOrigin(path.join(root, 'data'), shellDir));
});

afterAll(async () => {
  await closeOrigin();
  await rm(root, { recursive: true, force: true });
});

function post(pathName: string, body: Buffer, headers: Record<string, string> = {}): Buffer {
  const head = Object.entries({ host: 'localhost', 'content-type': 'application/json', ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return Buffer.concat([Buffer.from(`POST ${pathName} HTTP/1.1\r\n${head}\r\n`), body]);
}

const GET_HEALTH = 'GET /api/health HTTP/1.1\r\nhost: localhost\r\n\r\n';

describe('oversize requests through the origin', () => {
  it('should answer the API 413 JSON for a 2 MiB and a 1 MiB + 1 byte body and keep the keep-alive socket usable', async () => {
    const connection = await RawConnection.open(port);
    try {
      for (const size of [2 * 1024 * 1024, 1024 * 1024 + 1]) {
        const body = Buffer.alloc(size, 'a');
        await connection.write(post('/api/User/update/name', body, { 'content-length': String(size) }));
        const refused = await connection.read();
        expect(refused.status, `${size} bytes`).toBe(413);
        expect(JSON.parse(refused.body)).toEqual({
          error: { code: 'payload_too_large', message: 'Request body is too large.', field: 'body' },
        });
        await connection.write(GET_HEALTH);
        const next = await connection.read();
        expect(next.status, `request after ${size} bytes`).toBe(200);
      }
      expect(connection.closed).toBe(false);
    } finally {
      connection.close();
    }
  });

  it('should refuse an oversize chunked body with 413 JSON too', async () => {
    const connection = await RawConnection.open(port);
    try {
      const chunk = Buffer.alloc(256 * 1024, 'b');
      const head =
        'POST /api/User/update/name HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
      await connection.write(head);
      for (let i = 0; i < 6; i += 1)
        await connection.write(
          Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
        );
      await connection.write('0\r\n\r\n');
      const refused = await connection.read();
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body).error.code).toBe('payload_too_large');
    } finally {
      connection.close();
    }
  });

  it('should pass a chunked body under the limit through whole', async () => {
    const connection = await RawConnection.open(port);
    try {
      const head =
        'POST /api/echo HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n';
      await connection.write(`${head}7\r\n{"a":1}\r\n0\r\n\r\n`);
      const answer = await connection.read();
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).body).toBe('{"a":1}');
    } finally {
      connection.close();
    }
  });

  it('should answer 431 with the platform JSON and Connection: close for oversize headers', async () => {
    const connection = await RawConnection.open(port);
    try {
      await connection.write(
        `GET /api/health HTTP/1.1\r\nhost: localhost\r\nx-big: ${'c'.repeat(20_000)}\r\n\r\n`,
      );
      const refused = await connection.read();
      expect(refused.status).toBe(431);
      expect(refused.headers['connection']).toBe('close');
      expect(JSON.parse(refused.body)).toMatchObject({
        error: { code: 'headers_too_large', field: 'headers' },
      });
    } finally {
      connection.close();
    }
  });
});

describe('WebSocket upgrades the API refuses', () => {
  it('should pass the API status (401, 403, 404, 409, 410) to the client instead of accepting and closing', async () => {
    const refusing = createServer((_request, response) => response.writeHead(404).end());
    refusing.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
      const status = Number(new URL(request.url ?? '/', 'http://x').searchParams.get('status'));
      socket.end(`HTTP/1.1 ${status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const upstream = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
    const front = await createOriginServer({
      dataDir: path.join(root, 'data'),
      shellDir: path.join(root, 'shell'),
      apiUrl: upstream,
    });
    await front.listen({ port: 0, host: '127.0.0.1' });
    try {
      const frontPort = (front.server.address() as AddressInfo).port;
      for (const status of [401, 403, 404, 409, 410]) {
        const socket = new WebSocket(`ws://127.0.0.1:${frontPort}/hubs/chatHub?status=${status}`);
        const seen = await new Promise<number | 'open'>((resolve) => {
          socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
          socket.on('open', () => resolve('open'));
          socket.on('error', () => undefined);
        });
        socket.terminate();
        expect(seen, `API answered ${status}`).toBe(status);
      }
    } finally {
      await front.close();
      refusing.closeAllConnections();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('HTML hardening', () => {
  it('should send a strict CSP whose nonce the inline script carries, plus Permissions- and Referrer-Policy', async () => {
    const page = await app.inject({ url: '/chat/1', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const csp = page.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`<script nonce="${nonce}">`);
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(page.headers['permissions-policy']).toContain('camera=()');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain HTTP: no HSTS (it would pin a local http origin).
    expect(page.headers['strict-transport-security']).toBeUndefined();
    const again = await app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(again.headers['content-security-policy']).not.toBe(csp);
  });

  it('should send HSTS when a trusted proxy says the page was served over TLS, and not trust anyone else', async () => {
    const behindProxy = await createOriginServer({
      dataDir: path.join(root, 'data'),
      shellDir: path.join(root, 'shell'),
      apiUrl: api.url,
      trustedProxies: '127.0.0.1',
    });
    try {
      const tls = await behindProxy.inject({
        url: '/',
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
        remoteAddress: '127.0.0.1',
      });
      expect(tls.headers['strict-transport-security']).toContain('max-age=');
      const spoofed = await app.inject({
        url: '/',
        headers: { accept: 'text/html', 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindProxy.close();
    }
  });
});

describe('client addresses', () => {
  it('should forward only the address the origin saw, never a client-supplied X-Forwarded-For', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/echo`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    const echoed = (await response.json()) as { headers: Record<string, string> };
    expect(echoed.headers['x-forwarded-for']).toBe('127.0.0.1');
  });
});

describe('error shape at the origin', () => {
  it('should answer bad percent-encoding in /api paths with the platform JSON error naming the path, no URL echo', async () => {
    for (const url of ['/api/Chats/%E0%A4%A', '/api/PersonModel/%ED%A0%80']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({
        error: { code: 'invalid_url', message: expect.any(String), field: 'path' },
      });
      expect(response.body).not.toContain('%E0');
    }
    const traversal = await app.inject({ url: '/api/Chats/..%2F..%2Fetc%2Fpasswd' });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json()).toEqual({
      error: { code: 'invalid_path', message: expect.any(String), field: 'path' },
    });
  });
});
