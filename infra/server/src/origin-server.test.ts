import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { openStore } from '@companion/registry';
import { tempDir, writeFakeBuild } from '@companion/registry/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOriginServer } from './origin-server.ts';
import { freePort } from './testing/fake-api.ts';
import type { FakeApi } from './testing/fake-api.ts';
import { injectEncoded, startTestOrigin, writeShell } from './testing/origin-fixtures.ts';

const INDEX = '<!doctype html><title>shell</title><div id="root"></div>';
const MAIN_JS = `/* shell */\n${'export const value = "shell main chunk";\n'.repeat(200)}`;

let root: string;
let dataDir: string;
let shellDir: string;
let api: FakeApi;
let app: FastifyInstance;
let closeOrigin: () => Promise<void>;

beforeAll(async () => {
  root = await tempDir('origin');
  dataDir = path.join(root, 'data');
  shellDir = await writeShell(root, INDEX, {
    'assets/main.1a2b3c4d.js': MAIN_JS,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  });
  const store = openStore(dataDir);
  await store.publish('chat', await writeFakeBuild(path.join(root, 'build-chat'), 'chat', '1.0.0'));
  ({ app, api, close: closeOrigin } = await startTestOrigin(dataDir, shellDir));
});

afterAll(async () => {
  await closeOrigin();
  await rm(root, { recursive: true, force: true });
});

function origin(): string {
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('shell', () => {
  it('should serve index.html with no-cache at / and at every client route that accepts HTML', async () => {
    for (const url of ['/', '/chat/42', '/explore?category=anime', '/profile/settings/']) {
      const response = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it("should mark a crawler's page by its user agent (000 §8), so the shell does not pre-register it", async () => {
    // The origin writes its tags before `</head>`, which this file's minimal template lacks: a full one for a while.
    const file = path.join(shellDir, 'index.html');
    await writeFile(file, '<!doctype html><html><head><title>shell</title></head><body></body></html>');
    await utimes(file, new Date(), new Date(Date.now() + 60_000));
    try {
      const page = (userAgent: string) =>
        app.inject({ url: '/chat/42', headers: { accept: 'text/html', 'user-agent': userAgent } });
      const bot = await page('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
      expect(bot.body).toContain('<meta name="bot" content="user-agent" />');
      const visitor = await page(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
      );
      expect(visitor.body).toContain('<script id="registry"');
      expect(visitor.body).not.toContain('name="bot"');
    } finally {
      await writeFile(file, INDEX);
      await utimes(file, new Date(), new Date(Date.now() + 120_000));
    }
  });

  it('should not fall back for non-HTML requests, other methods or server-owned paths', async () => {
    const cases = [
      { method: 'GET' as const, url: '/chat/42', accept: 'application/json' },
      { method: 'POST' as const, url: '/chat/42', accept: 'text/html' },
      { method: 'GET' as const, url: '/assets/missing.deadbeef.js', accept: 'text/html' },
      { method: 'GET' as const, url: '/remotes/chat/9.9.9/mf-manifest.json', accept: 'text/html' },
    ];
    for (const { method, url, accept } of cases) {
      const response = await app.inject({ method, url, headers: { accept } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: expect.stringContaining(url.split('?')[0] as string) },
      });
    }
  });

  it('should cache hashed assets for a year and revalidate unhashed files', async () => {
    const hashed = await app.inject({ url: '/assets/main.1a2b3c4d.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ url: '/favicon.svg' });
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('should gzip shell assets when the client accepts it', async () => {
    const response = await injectEncoded(app, '/assets/main.1a2b3c4d.js', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(MAIN_JS.length / 5);
    expect(gunzipSync(response.rawPayload).toString('utf8')).toBe(MAIN_JS);
  });
});

describe('/registry.json', () => {
  it('should read the registry from disk on every request with no-cache', async () => {
    const first = await app.inject({ url: '/registry.json' });
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.json()).toEqual({ schemaVersion: 1, remotes: {} });

    await openStore(dataDir).setLive('chat', '1.0.0');
    const second = await app.inject({ url: '/registry.json' });
    expect(second.json()).toMatchObject({
      remotes: { chat: { version: '1.0.0', manifest: '/remotes/chat/1.0.0/mf-manifest.json', contract: 1 } },
    });
  });
});

describe('/remotes', () => {
  it('should serve stored files as immutable, precompressed when accepted', async () => {
    const gz = await injectEncoded(app, '/remotes/chat/1.0.0/remoteEntry.js', 'gzip');
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['vary']).toContain('accept-encoding');
    const plain = await injectEncoded(app, '/remotes/chat/1.0.0/remoteEntry.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-type']).toContain('javascript');

    const br = await injectEncoded(app, '/remotes/chat/1.0.0/remoteEntry.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('should serve the manifest as JSON', async () => {
    const response = await app.inject({ url: '/remotes/chat/1.0.0/mf-manifest.json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'chat' });
  });

  it('should answer 404 for missing files, folders, dotfiles and escapes', async () => {
    await mkdir(path.join(dataDir, 'remotes', 'chat', '.staging-1.1.0-abc'), { recursive: true });
    await writeFile(path.join(dataDir, 'remotes', 'chat', '.staging-1.1.0-abc', 'remoteEntry.js'), 'half');
    for (const url of [
      '/remotes/chat/1.0.0/nope.js',
      '/remotes/chat/2.0.0/mf-manifest.json',
      '/remotes/chat/1.0.0/',
      '/remotes/chat/.staging-1.1.0-abc/remoteEntry.js',
      '/remotes/..%2fregistry.json',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.code).toBe('not_found');
    }
  });
});

describe('security headers', () => {
  it('should send nosniff and framing rules on every kind of response', async () => {
    for (const url of [
      '/',
      '/registry.json',
      '/remotes/chat/1.0.0/mf-manifest.json',
      '/nope.txt',
      '/api/echo',
    ]) {
      const response = await app.inject({ url });
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });
});

describe('proxy', () => {
  it('should forward /api with method, path, query, body and forwarding headers', async () => {
    const response = await fetch(`${origin()}/api/Authenticate/pre-register?webpage=home`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ name: 'guest' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-upstream')).toBe('fake-api');
    const echoed = (await response.json()) as {
      method: string;
      url: string;
      body: string;
      headers: Record<string, string>;
    };
    expect(echoed).toMatchObject({
      method: 'POST',
      url: '/api/Authenticate/pre-register?webpage=home',
      body: '{"name":"guest"}',
    });
    expect(echoed.headers['authorization']).toBe('Bearer t');
    expect(echoed.headers['x-forwarded-for']).toContain('127.0.0.1');
  });

  it('should pass upstream statuses and bodies through unchanged', async () => {
    const response = await fetch(`${origin()}/api/gone`);
    expect(response.status).toBe(410);
    expect(await response.json()).toEqual({ error: { code: 'gone', message: 'deleted' } });
  });

  it('should hold a long-polling request until the upstream answers', async () => {
    const response = await fetch(`${origin()}/hubs/chatHub/poll?id=abc&holdMs=300`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ polled: true, hold: 300 });
  });

  it('should proxy a WebSocket upgrade on /hubs both ways', async () => {
    const socket = new WebSocket(`${origin().replace('http', 'ws')}/hubs/chatHub?id=conn-1`);
    const messages: string[] = [];
    const done = new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        messages.push(data.toString());
        if (messages.length === 1) socket.send('{"type":6}');
        if (messages.length === 2) resolve();
      });
      socket.on('error', reject);
    });
    await done;
    socket.close();
    expect(messages).toEqual(['hello /hubs/chatHub?id=conn-1', 'echo {"type":6}']);
  });

  it('should forward the browser Origin and host on a WebSocket upgrade (the hubs check it)', async () => {
    const socket = new WebSocket(`${origin().replace('http', 'ws')}/hubs/chatHub?id=conn-2`, {
      headers: { origin: 'http://localhost:3000' },
    });
    const reply = await new Promise<string>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const text = data.toString();
        if (text.startsWith('hello')) socket.send('headers?');
        else resolve(text);
      });
      socket.on('error', reject);
    });
    socket.close();
    expect(JSON.parse(reply)).toEqual({ origin: 'http://localhost:3000', host: new URL(origin()).host });
  });
});

describe('proxy failures', () => {
  it('should answer 503 with a JSON error when the API is down', async () => {
    const down = await createOriginServer({
      dataDir,
      shellDir,
      apiUrl: `http://127.0.0.1:${await freePort()}`,
    });
    try {
      for (const url of ['/api/User', '/hubs/chatHub/negotiate?negotiateVersion=1']) {
        const response = await down.inject({ method: url.startsWith('/hubs') ? 'POST' : 'GET', url });
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({
          error: { code: 'api_unavailable', message: expect.stringContaining('not reachable') },
        });
      }
    } finally {
      await down.close();
    }
  });

  it('should close a hub WebSocket cleanly and keep serving when the API is down', async () => {
    const down = await createOriginServer({
      dataDir,
      shellDir,
      apiUrl: `http://127.0.0.1:${await freePort()}`,
    });
    await down.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (down.server.address() as AddressInfo).port;
      const socket = new WebSocket(`ws://127.0.0.1:${port}/hubs/chatHub?id=x`);
      const outcome = await new Promise<string>((resolve) => {
        socket.on('close', () => resolve('closed'));
        socket.on('error', () => resolve('closed'));
        socket.on('message', () => resolve('message'));
      });
      expect(outcome).toBe('closed');
      expect((await fetch(`http://127.0.0.1:${port}/registry.json`)).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it('should answer 504 with a JSON error when the API holds longer than the proxy timeout', async () => {
    const slow = await createOriginServer({ dataDir, shellDir, apiUrl: api.url, proxyTimeoutMs: 100 });
    try {
      const response = await slow.inject({ method: 'POST', url: '/hubs/chatHub/poll?holdMs=2000' });
      expect(response.statusCode).toBe(504);
      expect(response.json().error.code).toBe('api_timeout');
    } finally {
      await slow.close();
    }
  });
});
