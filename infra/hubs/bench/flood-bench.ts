// Other users' latency while the API is flooded (ADR 0310). Starts the real API (PGlite in a temp folder), measures
// GET /api/User and GET /api/Tokens/balance for a few signed-in users at a steady pace, first alone and then during
// each flood: one anonymous connection sending 1,000-frame bursts of SendMessage invocations (each one would read the
// database) on fresh connections; twenty anonymous users doing the same at once; one user importing a 680 KB card
// four at a time. The baseline is measured in the same run; the verdict is the other users' p99 within +50 ms of it.
// Printed, never asserted.
// Run: pnpm --filter @companion/hubs run bench:flood   (FLOOD_SECONDS per phase, default 8; FLOOD_API_ROOT: the
// checkout whose API runs, e.g. an export of an older commit to measure "before")

import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const RS = '\x1e';
const SECONDS = Number(process.env['FLOOD_SECONDS'] ?? 8);
const VICTIMS = 4;
const repoRoot = path.resolve(
  process.env['FLOOD_API_ROOT'] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../..'),
);

/** Latencies of each victim's sequential requests (one every 20 ms at most) until `until`. */
async function victims(base: string, tokens: string[], until: number): Promise<number[]> {
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

// The other users run in a child process (`victims` mode): the flood's own work in this process (frames, card
// bodies, refusals read back) must not delay their timers and be counted as the API's latency.
if (process.argv[2] === 'victims') {
  const until = Date.now() + Number(process.env['FLOOD_MS']);
  const samples = await victims(process.env['FLOOD_BASE']!, process.env['FLOOD_TOKENS']!.split(','), until);
  process.stdout.write(JSON.stringify(samples));
  process.exit(0);
}

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
    // The victims below ask 50 times a second each, above a person's pace: the per-client budget is not what
    // this bench measures (client-budget.test.ts does), so it is raised for everyone, the flooders included.
    API_RATE_LIMIT_PER_MINUTE: '100000',
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

/** A burst's frames, made once: the flooder's own work stays small. */
const FRAMES = Array.from(
  { length: 1000 },
  (_, i) =>
    `${JSON.stringify({ type: 4, invocationId: String(i), target: 'SendMessage', arguments: [randomUUID(), 'hi'] })}${RS}`,
);

/** One flooding connection: negotiate, handshake, 1,000 SendMessage frames at once; resolves when it is closed. */
async function floodOnce(
  token: string,
): Promise<{ closed: boolean; refused: number; negotiateRefused?: boolean }> {
  const negotiate = await fetch(`${base}/hubs/chatHub/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  // Refused (429 after a flood): a flooder tries again at once, ignoring Retry-After.
  if (!negotiate.ok) {
    await negotiate.arrayBuffer();
    return { closed: false, refused: 0, negotiateRefused: true };
  }
  const { connectionToken } = (await negotiate.json()) as { connectionToken: string };
  const ws = new WebSocket(`${base.replace('http', 'ws')}/hubs/chatHub?id=${connectionToken}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(`{"protocol":"json","version":1}${RS}`);
  let refused = 0;
  ws.on('message', (data: Buffer) => {
    refused += (data.toString().match(/rate_limited|server_busy/g) ?? []).length;
  });
  for (const frame of FRAMES) ws.send(frame);
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

/** A V3 card of 680 KB (a long description), as base64, the import's body. */
const CARD = Buffer.from(
  JSON.stringify({
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data: { name: 'Flood', description: 'a long persona. '.repeat(680 * 64) },
  }),
).toString('base64');

const CARD_BODY = JSON.stringify({ file: CARD });

/** One user importing the card `parallel` at a time while `running()`; counts answers by status. */
async function importCards(
  token: string,
  parallel: number,
  running: () => boolean,
): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (running()) {
        const response = await fetch(`${base}/api/PersonModel/import-card`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: CARD_BODY,
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        // A refused import waits as Retry-After says (a script ignoring it only meets more refusals).
        if (response.status === 429 || response.status === 503) {
          await new Promise((resolve) =>
            setTimeout(resolve, Number(response.headers.get('retry-after') ?? 1) * 1000),
          );
        }
      }
    }),
  );
  return statuses;
}

/** Hub floods from `tokens` (one flooding connection at a time each) while `running()`. */
async function hubFloods(
  tokens: string[],
  running: () => boolean,
): Promise<{ bursts: number; closed: number; refused: number; negotiatesRefused: number }> {
  const totals = { bursts: 0, closed: 0, refused: 0, negotiatesRefused: 0 };
  await Promise.all(
    tokens.map(async (token) => {
      while (running()) {
        const outcome = await floodOnce(token);
        if (outcome.negotiateRefused) {
          totals.negotiatesRefused += 1;
          continue;
        }
        totals.bursts += 1;
        if (outcome.closed) totals.closed += 1;
        totals.refused += outcome.refused;
      }
    }),
  );
  return totals;
}

/**
 * CPU time the API process has used (Linux /proc, clock ticks of 10 ms): what a flood costs the API itself. On a
 * shared machine the other users' latency also holds the time the scheduler gives other processes.
 */
function apiCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/${api.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** API CPU per second of each phase, in the order the phases ran. */
const cpuPerSecond: number[] = [];

/** The other users' latencies, measured by a child process for `SECONDS`, while `flood(running)` runs. */
async function during<T>(
  tokens: string[],
  flood?: (running: () => boolean) => Promise<T>,
): Promise<[number[], T | null]> {
  let done = false;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'victims'], {
    env: {
      ...process.env,
      FLOOD_BASE: base,
      FLOOD_TOKENS: tokens.join(','),
      FLOOD_MS: String(SECONDS * 1000),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const cpuBefore = apiCpuMs();
  const started = performance.now();
  const [outcome] = await Promise.all([
    flood ? flood(() => !done) : Promise.resolve(null),
    exited.then(() => (done = true)),
  ]);
  cpuPerSecond.push((apiCpuMs() - cpuBefore) / ((performance.now() - started) / 1000));
  return [JSON.parse(output) as number[], outcome];
}

const p99 = (samples: number[]): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? NaN;
};

try {
  await waitForHealth();
  const tokens = await Promise.all(Array.from({ length: VICTIMS }, () => preRegister()));
  const attacker = await preRegister();
  const anonymous = await Promise.all(Array.from({ length: 20 }, () => preRegister()));
  await victims(base, tokens, Date.now() + 1000); // warm-up

  const [quiet] = await during(tokens);
  const [oneHub, one] = await during(tokens, (running) => hubFloods([attacker], running));
  const [twentyHubs, twenty] = await during(tokens, (running) => hubFloods(anonymous, running));
  const [cards, statuses] = await during(tokens, (running) => importCards(attacker, 4, running));

  const verdict = (samples: number[]): string => {
    const delta = p99(samples) - p99(quiet);
    return `p99 ${delta >= 0 ? '+' : ''}${delta.toFixed(1)} ms vs no flood: ${delta <= 50 ? 'within' : 'OVER'} +50 ms`;
  };
  console.log(`API at ${repoRoot}, ${VICTIMS} users, ${SECONDS} s per phase`);
  console.log(`other users, no flood:               ${summary(quiet)}`);
  console.log(`other users, 1 hub flooder:          ${summary(oneHub)}  (${verdict(oneHub)})`);
  console.log(`other users, 20 anonymous flooders:  ${summary(twentyHubs)}  (${verdict(twentyHubs)})`);
  console.log(`other users, 4 parallel card imports: ${summary(cards)}  (${verdict(cards)})`);
  console.log(
    `hub flooders: 1 → ${one!.bursts} bursts, ${one!.closed} closed, ${one!.refused} refused, ${one!.negotiatesRefused} reconnects refused; 20 → ${twenty!.bursts} bursts, ${twenty!.closed} closed, ${twenty!.refused} refused, ${twenty!.negotiatesRefused} reconnects refused`,
  );
  console.log(
    `API CPU per second (no flood, 1 hub flooder, 20 flooders, card imports): ${cpuPerSecond.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `card imports by status: ${[...statuses!].map(([status, count]) => `${status} × ${count}`).join(', ')}`,
  );
} finally {
  api.kill('SIGTERM');
  await new Promise((resolve) => api.once('exit', resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
