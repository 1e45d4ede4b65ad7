// Issue 21 item 6: other users' latency while one anonymous hub connection floods the chat hub. Starts the real
// API (PGlite in a temp folder), measures GET /api/User and GET /api/Tokens/balance for a few signed-in users at
// a steady pace, first alone and then while a flooder sends 1,000-frame bursts of SendMessage invocations (each one
// would read the database) on fresh connections. Printed, never asserted.
// Run: pnpm exec tsx infra/hubs/bench/flood-bench.ts   (FLOOD_SECONDS, default 8; FLOOD_API_ROOT: repo to run)

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const RS = '\x1e';
const SECONDS = Number(process.env['FLOOD_SECONDS'] ?? 8);
const VICTIMS = 4;
const repoRoot = path.resolve(
  process.env['FLOOD_API_ROOT'] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
);

const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as AddressInfo;
    probe.close(() => resolve(free));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), 'flood-bench-'));
const api = spawn(process.execPath, ['--import', 'tsx', path.join('infra', 'api', 'src', 'main.ts')], {
  cwd: repoRoot,
  env: {
    ...process.env,
    API_PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the API did not start');
}

async function preRegister(): Promise<string> {
  const response = await fetch(`${base}/api/Authenticate/pre-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fingerprint: randomUUID(),
      isNConfirmed: false,
      isSConfirmed: false,
      pathname: '/',
    }),
  });
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Latencies of each victim's sequential requests (one every 20 ms at most) until `until`. */
async function victims(tokens: string[], until: number): Promise<number[]> {
  const samples: number[] = [];
  await Promise.all(
    tokens.map(async (token, i) => {
      const url = `${base}/api/${i % 2 === 0 ? 'User' : 'Tokens/balance'}`;
      while (Date.now() < until) {
        const started = performance.now();
        await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
        samples.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }),
  );
  return samples;
}

/** One flooding connection: negotiate, handshake, 1,000 SendMessage frames at once; resolves when it is closed. */
async function floodOnce(token: string): Promise<{ closed: boolean; refused: number }> {
  const negotiate = await fetch(`${base}/hubs/chatHub/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const ws = new WebSocket(`${base.replace('http', 'ws')}/hubs/chatHub?id=${connectionToken}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`{"protocol":"json","version":1}${RS}`);
  let refused = 0;
  ws.on('message', (data: Buffer) => {
    refused += (data.toString().match(/rate_limited/g) ?? []).length;
  });
  const frames = Array.from(
    { length: 1000 },
    (_, i) =>
      `${JSON.stringify({ type: 4, invocationId: String(i), target: 'SendMessage', arguments: [randomUUID(), 'hi'] })}${RS}`,
  );
  for (const frame of frames) ws.send(frame);
  const closed = await Promise.race([
    new Promise<boolean>((resolve) => ws.once('close', () => resolve(true))),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1000)),
  ]);
  ws.terminate();
  return { closed, refused };
}

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return `n=${sorted.length} p50=${at(0.5).toFixed(1)} ms p99=${at(0.99).toFixed(1)} ms max=${(sorted[sorted.length - 1] ?? NaN).toFixed(1)} ms`;
}

try {
  await waitForHealth();
  const tokens = await Promise.all(Array.from({ length: VICTIMS }, () => preRegister()));
  const attacker = await preRegister();
  await victims(tokens, Date.now() + 1000); // warm-up

  const quiet = await victims(tokens, Date.now() + SECONDS * 1000);
  let bursts = 0;
  let closedByServer = 0;
  let refused = 0;
  const until = Date.now() + SECONDS * 1000;
  const flooding = (async () => {
    while (Date.now() < until) {
      const outcome = await floodOnce(attacker);
      bursts += 1;
      if (outcome.closed) closedByServer += 1;
      refused += outcome.refused;
    }
  })();
  const loud = await victims(tokens, until);
  await flooding;

  console.log(`API at ${repoRoot}, ${VICTIMS} users, ${SECONDS} s per phase`);
  console.log(`other users, no flood:     ${summary(quiet)}`);
  console.log(`other users, during flood: ${summary(loud)}`);
  console.log(
    `flooder: ${bursts} bursts of 1,000 frames, ${closedByServer} closed by the server, ${refused} invocations refused (rate_limited)`,
  );
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
