import { once } from 'node:events';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { openStore } from '@companion/registry';
import { tempDir, writeFakeBuild, writeFakeRepo } from '@companion/registry/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartError, startProduct } from './product.ts';
import type { ProductOptions, RunningProduct } from './product.ts';
import { freePort } from './testing/fake-api.ts';

// A stand-in for `tsx infra/api/src/main.ts`: answers /api/health on API_PORT and reports its DATA_DIR.
const HEALTHY_API = `
const http = require('node:http');
console.log('fake api starting');
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ path: req.url, dataDir: process.env.DATA_DIR }));
}).listen(Number(process.env.API_PORT), '127.0.0.1');
process.on('SIGTERM', () => { console.log('fake api stopping'); process.exit(0); });
`;

let repo: string;
let logs: string[];
let running: RunningProduct | undefined;

async function options(apiSource: string): Promise<ProductOptions> {
  return {
    repoRoot: repo,
    dataDir: path.join(repo, '.data'),
    shellDir: path.join(repo, 'shell', 'dist'),
    port: await freePort(),
    host: '127.0.0.1',
    apiPort: await freePort(),
    apiCommand: [process.execPath, '-e', apiSource],
    env: process.env,
    healthTimeoutMs: 10_000,
    log: (line) => logs.push(line),
  };
}

beforeEach(async () => {
  repo = await writeFakeRepo(await tempDir('product'), { chat: '1.0.0', gallery: '1.0.0' });
  await writeFakeBuild(path.join(repo, 'remotes', 'chat', 'dist', '1.0.0'), 'chat', '1.0.0');
  await mkdir(path.join(repo, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(repo, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  logs = [];
  running = undefined;
});
afterEach(async () => {
  await running?.stop();
  await rm(repo, { recursive: true, force: true });
});

describe('startProduct', () => {
  it('should bootstrap the registry, start the API, and serve everything on one origin', async () => {
    const opts = await options(HEALTHY_API);
    running = await startProduct(opts);
    expect(running.outcomes.map((outcome) => `${outcome.remote}:${outcome.status}`)).toEqual([
      'chat:deployed',
      'gallery:missing',
    ]);
    const base = `http://127.0.0.1:${opts.port}`;
    expect(
      ((await (await fetch(`${base}/registry.json`)).json()) as { remotes: object }).remotes,
    ).toHaveProperty('chat');
    expect(await (await fetch(`${base}/api/User`)).json()).toEqual({
      path: '/api/User',
      dataDir: opts.dataDir,
    });
    expect(logs).toContain('[api] fake api starting');
  });

  it('should keep a rolled-back pointer across restarts', async () => {
    const opts = await options(HEALTHY_API);
    running = await startProduct(opts);
    await running.stop();
    const store = openStore(opts.dataDir);
    await store.publish('chat', await writeFakeBuild(path.join(repo, 'chat-1.1.0'), 'chat', '1.1.0'));
    await store.setLive('chat', '1.1.0');
    await store.rollback('chat');
    await store.rollback('chat');
    running = await startProduct(opts);
    expect((await store.readRegistry()).remotes['chat']?.version).toBe('1.1.0');
  });

  it('should stop the API child when stopped', async () => {
    running = await startProduct(await options(HEALTHY_API));
    const { api } = running;
    await running.stop();
    running = undefined;
    expect(api.exitCode ?? api.signalCode).not.toBeNull();
  });

  it('should fail with the API output when the API exits during start', async () => {
    const attempt = startProduct(
      await options(`console.error('migration failed: relation "users" exists'); process.exit(3);`),
    );
    await expect(attempt).rejects.toBeInstanceOf(StartError);
    await expect(attempt).rejects.toThrow(/exited with code 3[\s\S]*migration failed/);
  });

  it('should restart a crashed API with backoff, answer 503 JSON meanwhile, keep serving the shell and log why', async () => {
    // The first child dies on request; its replacement (a marker file exists by then) stays up.
    const marker = path.join(repo, 'crashed-once');
    const crashing = `
const fs = require('node:fs');
const http = require('node:http');
const first = !fs.existsSync(${JSON.stringify(marker)});
http.createServer((req, res) => {
  if (req.url === '/api/crash' && first) { fs.writeFileSync(${JSON.stringify(marker)}, 'x'); console.error('out of memory (simulated)'); process.exit(9); }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ path: req.url, generation: first ? 1 : 2 }));
}).listen(Number(process.env.API_PORT), '127.0.0.1');
`;
    const opts = { ...(await options(crashing)), restartBackoffMs: { initial: 800, max: 800 } };
    running = await startProduct(opts);
    const base = `http://127.0.0.1:${opts.port}`;
    await fetch(`${base}/api/crash`).catch(() => undefined);
    let downBody: unknown;
    await expect
      .poll(async () => {
        const response = await fetch(`${base}/api/User`);
        if (response.status === 503) downBody = await response.json();
        return response.status;
      })
      .toBe(503);
    expect(downBody).toEqual({
      error: { code: 'api_unavailable', message: expect.stringContaining('not reachable') },
    });
    expect((await fetch(`${base}/registry.json`)).status).toBe(200);
    expect((await fetch(`${base}/`, { headers: { accept: 'text/html' } })).status).toBe(200);
    await expect
      .poll(
        async () => ((await (await fetch(`${base}/api/User`)).json()) as { generation?: number }).generation,
        {
          timeout: 15_000,
        },
      )
      .toBe(2);
    expect(running.apiRestarts).toBe(1);
    const log = logs.join('\n');
    expect(log).toContain('The API exited with code 9');
    expect(log).toContain('out of memory (simulated)');
    expect(log).toContain('Restarting in 800 ms');
  });

  it('should choose a free API port when API_PORT is not given, so a second copy starts beside the first', async () => {
    const first = { ...(await options(HEALTHY_API)), apiPort: undefined };
    running = await startProduct(first);
    const second = await startProduct({ ...(await options(HEALTHY_API)), apiPort: undefined });
    try {
      expect(second.apiPort).not.toBe(running.apiPort);
      for (const product of [running, second]) {
        const port = Number(new URL(product.url).port);
        expect((await fetch(`http://127.0.0.1:${port}/api/User`)).status).toBe(200);
      }
    } finally {
      await second.stop();
    }
  });

  it('should refuse to start when the API port is taken, without spawning anything', async () => {
    const opts = await options(HEALTHY_API);
    const blocker = createServer().listen(opts.apiPort, '127.0.0.1');
    await once(blocker, 'listening');
    try {
      await expect(startProduct(opts)).rejects.toThrow(`Port ${opts.apiPort} (API_PORT) is already in use`);
      expect(logs).toEqual([]);
    } finally {
      blocker.close();
    }
  });

  it('should refuse to start without a shell build', async () => {
    await rm(path.join(repo, 'shell', 'dist'), { recursive: true });
    await expect(startProduct(await options(HEALTHY_API))).rejects.toThrow(
      /No shell build .* run `pnpm run build` first/,
    );
  });
});
