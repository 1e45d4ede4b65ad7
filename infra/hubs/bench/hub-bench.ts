// Measures one hub server instance on loopback: connections held, per-connection memory, PaymentNotification
// fan-out latency to one user (the baseline of the run), 1,000 users and every connection, then time to first chat
// reply item. Printed, never asserted. Run: pnpm --filter @companion/hubs bench (target: 10,000 held).
// HUB_BENCH_MAX (default 10000) bounds the connection count; HUB_BENCH_SOURCES spreads the clients over that many
// source addresses 127.0.0.1… (default: one per 20,000 connections, as one address has ~28,000 ephemeral ports).

import { execFileSync, fork } from 'node:child_process';
import os from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';

const MAX = Number(process.env.HUB_BENCH_MAX ?? 10_000);
const SOURCES = Number(process.env.HUB_BENCH_SOURCES ?? Math.ceil(MAX / 20_000));
const load = (): string => os.loadavg()[0]!.toFixed(1);
/** Open file descriptors allowed per process: each connection costs the server one and this process one. */
const fdLimit = ((): string => {
  try {
    return execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
})();
console.log(
  `hub bench: ${MAX} connections from ${SOURCES} source address(es); open files per process ${fdLimit}; ` +
    `${os.cpus().length} CPUs, load average ${load()} at start`,
);
const RS = '\x1e';

const child: ChildProcess = fork(fileURLToPath(new URL('./bench-server.ts', import.meta.url)), [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
let nextId = 1;
const pending = new Map<number, (body: unknown) => void>();
child.on('message', (message: { id?: number; body?: unknown }) => {
  if (message.id !== undefined) pending.get(message.id)?.(message.body);
});
function ask<T>(kind: string, extra: Record<string, unknown> = {}): Promise<T> {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve as (b: unknown) => void);
    child.send({ id, kind, ...extra });
  });
}
const port = await new Promise<number>((resolve) =>
  child.on('message', (m: { ready?: number }) => {
    if (m.ready) resolve(m.ready);
  }),
);
const base = `http://127.0.0.1:${port}/hubs/paymentNotificationHub`;

/** A bare protocol client: negotiate, WebSocket, handshake, answer nothing but record arrival times. */
interface BenchClient {
  ws: WebSocket;
  onEvent: ((at: number, sentAt: number) => void) | null;
}

async function open(user: string, source: string): Promise<BenchClient> {
  const res = await fetch(`${base}/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${user}` },
  });
  const { connectionToken } = (await res.json()) as { connectionToken: string };
  const ws = new WebSocket(`${base.replace('http', 'ws')}?id=${connectionToken}`, {
    perMessageDeflate: false,
    localAddress: source,
  });
  const client: BenchClient = { ws, onEvent: null };
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === `{}${RS}`) return resolve();
      if (text.includes('PaymentNotification') && client.onEvent) {
        const at = performance.timeOrigin + performance.now();
        const sentAt = (JSON.parse(text.slice(0, -1)) as { arguments: Array<{ sentAt: number }> })
          .arguments[0]!.sentAt;
        client.onEvent(at, sentAt);
      }
    });
  });
  return client;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
const baseline = await ask<{ rss: number; heapUsed: number; external: number; arrayBuffers: number }>(
  'memory',
);
const clients: BenchClient[] = [];
const t0 = performance.now();
let failedAt: string | null = null;
for (let i = 0; i < MAX; i += 100) {
  const batch = await Promise.allSettled(
    Array.from({ length: Math.min(100, MAX - i) }, (_, k) =>
      open(`u${i + k}`, `127.0.0.${1 + ((i + k) % SOURCES)}`),
    ),
  );
  for (const r of batch) {
    if (r.status === 'fulfilled') clients.push(r.value);
    else failedAt ??= `${clients.length}: ${String(r.reason)}`;
  }
  if (failedAt) break;
}
const rampMs = performance.now() - t0;
const held = await ask<number>('count');
const loaded = await ask<{ rss: number; heapUsed: number; external: number; arrayBuffers: number }>('memory');
console.log(
  `connections: opened ${clients.length}/${MAX} in ${(rampMs / 1000).toFixed(1)} s; server holds ${held}${failedAt ? `; first failure at ${failedAt}` : ''}`,
);
console.log(
  `server memory: rss ${mb(baseline.rss)} → ${mb(loaded.rss)}, heap ${mb(baseline.heapUsed)} → ${mb(loaded.heapUsed)}; ` +
    `per connection ≈ ${((loaded.rss - baseline.rss) / held / 1024).toFixed(1)} KB rss, ${((loaded.heapUsed - baseline.heapUsed) / held / 1024).toFixed(1)} KB heap`,
);

// One user first: the run's own baseline, so the ratios hold however loaded the shared machine is.
const FANOUTS = [...new Set([1, 1000, clients.length])].filter((n) => n <= clients.length);
let baselineP50 = NaN;
let baselineP99 = NaN;
for (const users of FANOUTS) {
  for (let round = 0; round < 3; round++) {
    const latencies: number[] = [];
    const done = new Promise<void>((resolve) => {
      for (const client of clients.slice(0, users)) {
        client.onEvent = (at, sentAt) => {
          latencies.push(at - sentAt);
          client.onEvent = null;
          if (latencies.length === users) resolve();
        };
      }
    });
    const { loopMs } = await ask<{ loopMs: number }>('fanout', { users });
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    latencies.sort((a, b) => a - b);
    const p50 = pct(latencies, 50);
    const p99 = pct(latencies, 99);
    if (users === 1 && round === 2) [baselineP50, baselineP99] = [p50, p99];
    const ratio =
      users === 1
        ? ''
        : `, ×${(p50 / baselineP50).toFixed(0)} / ×${(p99 / baselineP99).toFixed(0)} the one-user p50 / p99`;
    console.log(
      `fan-out PaymentNotification to ${users} users (round ${round + 1}): delivered ${latencies.length}, ` +
        `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${latencies.at(-1)?.toFixed(1)} ms${ratio}; ` +
        `server send loop ${loopMs.toFixed(1)} ms; load average ${load()}`,
    );
  }
}

for (const client of clients) client.ws.terminate();
// The server exits on 'stop' without answering; wait for that exit instead of a reply.
const serverExited = new Promise((resolve) => child.once('exit', resolve));
child.send({ id: 0, kind: 'stop' });
await Promise.race([serverExited, new Promise((resolve) => setTimeout(resolve, 5000))]);
child.kill();

// Time to first item needs the API's chat hub and engine; run its bench as a process so this package does not import the API.
const firstItem = fork(
  fileURLToPath(new URL('../../api/src/hubs/first-item-bench.ts', import.meta.url)),
  [],
  {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  },
);
const firstItemExit = await new Promise((resolve) => firstItem.on('exit', (code) => resolve(code)));
if (firstItemExit !== 0) console.log(`first-item bench exited with ${String(firstItemExit)}`);
process.exit(0);
