// Load test of the API: req/s and p50/p99 for User, PersonModel/top and Tokens/balance
// at 50 connections, on PGlite and on PostgreSQL. The API runs as a child pinned to CPU 0 (`taskset -c 0`);
// this process (autocannon) moves itself to CPU 1 so the load generator does not steal the server's core.
import os from 'node:os';
import autocannon from 'autocannon';
import { benchEachBackend, pinBenchToCpu1, startBenchApi } from './bench-api.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
/** Only the routes whose label contains one of these (comma list); the baseline always runs. */
const ONLY = process.env.BENCH_ROUTES?.split(',').filter(Boolean) ?? null;

interface Row {
  backend: string;
  route: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  /** 1-minute load average when the route's run ended (the machine is shared). */
  load: string;
  /** `/api/health` measured just before this route. */
  baselineRps: number;
  baselineP99: number;
}

const BASELINE_SECONDS = Math.max(2, Math.round(DURATION / 2));

async function benchBackend(backend: string, pin: boolean): Promise<Row[]> {
  const api = await startBenchApi(backend, pin);
  const { base } = api;
  const rows: Row[] = [];
  try {
    const pre = await fetch(`${base}/api/Authenticate/pre-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        fingerprint: 'bench',
        isNConfirmed: true,
        isSConfirmed: false,
        utmSource: null,
        pathname: '/',
      }),
    });
    const { accessToken } = (await pre.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };
    await fetch(`${base}/api/Tokens/claim-bonus`, { method: 'POST', headers });
    // Signed in, as the SPA calls them; PersonModel/top also as a first visit (no token) and with a browser's
    // Accept-Encoding (the gzip path).
    const gzip = { 'accept-encoding': 'gzip, deflate, br, zstd' };
    const routes: { label: string; route: string; headers: Record<string, string> }[] = [
      { label: '/api/User', route: '/api/User', headers },
      { label: '/api/PersonModel/top', route: '/api/PersonModel/top', headers },
      { label: '/api/PersonModel/top gzip', route: '/api/PersonModel/top', headers: { ...headers, ...gzip } },
      { label: '/api/PersonModel/top anon', route: '/api/PersonModel/top', headers: {} },
      { label: '/api/PersonModel/top anon gzip', route: '/api/PersonModel/top', headers: gzip },
      { label: '/api/Tokens/balance', route: '/api/Tokens/balance', headers },
    ];
    for (const { label, route, headers } of routes) {
      if (ONLY && !ONLY.some((part) => label.includes(part))) continue;
      const probe = await fetch(`${base}${route}`, { headers });
      if (probe.status === 404) {
        console.log(`note: ${route} answers 404 on this build (catalogue route missing); skipped`);
        continue;
      }
      // Warm-up (JIT, PGlite caches, pg pool) so the measured run is steady state.
      await autocannon({ url: `${base}${route}`, connections: CONNECTIONS, duration: 2, headers });
      // The baseline (house rule), measured right before each route: the cheapest route on the same server, so
      // the ratio holds while the shared machine's load drifts during the run.
      const baseline = await autocannon({
        url: `${base}/api/health`,
        connections: CONNECTIONS,
        duration: BASELINE_SECONDS,
      });
      const result = await autocannon({
        url: `${base}${route}`,
        connections: CONNECTIONS,
        duration: DURATION,
        headers,
      });
      const load = os.loadavg()[0]!.toFixed(1);
      const row: Row = {
        backend,
        route: label,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        requests: result.requests.total,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
        load,
        baselineRps: Math.round(baseline.requests.average),
        baselineP99: baseline.latency.p99,
      };
      rows.push(row);
      console.log(
        `${backend.padEnd(8)} ${label.padEnd(30)} ${String(row.rps).padStart(6)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${row.requests} requests, non-2xx ${row.non2xx}, errors ${row.errors}; /api/health just before ${row.baselineRps} req/s p99 ${row.baselineP99} ms; load average ${load})`,
      );
    }
  } finally {
    await api.stop();
  }
  return rows;
}

async function main(): Promise<void> {
  const pin = pinBenchToCpu1();
  console.log(
    `API bench: ${CONNECTIONS} connections, ${DURATION} s per route (after 2 s warm-up); ` +
      (pin
        ? 'API pinned to CPU 0 (taskset -c 0), autocannon on CPU 1'
        : 'no pinning (taskset missing or 1 CPU)') +
      `; node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'}`,
  );
  const all = await benchEachBackend(BACKENDS, (backend) => benchBackend(backend, pin));
  console.log(
    '\n| backend | route | req/s | p50 ms | p99 ms | baseline req/s, p99 ms | req/s ÷ baseline | non-2xx | load average |\n|---|---|---|---|---|---|---|---|---|',
  );
  for (const r of all) {
    const ratio = r.baselineRps > 0 ? (r.rps / r.baselineRps).toFixed(2) : '–';
    console.log(
      `| ${r.backend} | ${r.route} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.baselineRps}, ${r.baselineP99} | ${ratio} | ${r.non2xx} | ${r.load} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
