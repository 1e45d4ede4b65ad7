// Payments bench: create-intent (with an Idempotency-Key) and webhook throughput (req/s, p50/p99) at a fixed
// concurrency on PGlite and PostgreSQL, and card submit → PaymentNotification (p50/p99) through the real hub with
// the official SignalR client. The API runs as a child (pinned to CPU 0 when taskset exists); timings live here,
// never in tests. Env: BENCH_REQUESTS (1000), BENCH_CONCURRENCY (50), BENCH_ROUNDTRIPS (40),
// BENCH_BACKENDS=pglite,postgres, BENCH_DATABASE_URL.
import crypto from 'node:crypto';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { sandboxKeys } from '../src/features/payments/index.ts';
import { signWebhook } from '../src/features/payments/signatures.ts';
import { benchEachBackend, pinBenchToCpu1, startBenchApi } from './bench-api.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ROUNDTRIPS = Number(process.env.BENCH_ROUNDTRIPS ?? 40);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');

interface Stats {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

/** Runs `count` calls at `concurrency`, timing each; a call resolves to its HTTP status. */
async function load(
  count: number,
  concurrency: number,
  call: (i: number) => Promise<number>,
): Promise<Stats> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const status = await call(i).catch(() => 0);
        latencies.push(performance.now() - t0);
        if (status < 200 || status >= 300) failures += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(count / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures,
  };
}

async function visitor(base: string): Promise<{ accessToken: string; userId: string }> {
  const res = await fetch(`${base}/api/Authenticate/pre-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      fingerprint: crypto.randomUUID(),
      isNConfirmed: false,
      isSConfirmed: false,
      pathname: '/',
    }),
  });
  const body = (await res.json()) as { accessToken: string; generatedUserId: string };
  return { accessToken: body.accessToken, userId: body.generatedUserId };
}

async function createIntent(base: string, token: string, productId = 'tokens-350') {
  const res = await fetch(`${base}/api/Payments/create-payment-intent`, {
    method: 'POST',
    // A fresh Idempotency-Key per call, as checkout's start sends (ADR 0102): the key's record is part of the cost.
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': crypto.randomUUID(),
    },
    body: JSON.stringify({ productId, successUrl: '/tokens?paid=1', failUrl: '/tokens?failed=1' }),
  });
  return { status: res.status, body: (await res.json()) as { orderId: string; paymentUrl: string } };
}

async function benchBackend(backend: string, pin: boolean): Promise<string[]> {
  const api = await startBenchApi(backend, pin, { AUTH_RATE_LIMIT_PER_MINUTE: '1000000' });
  const { base } = api;
  const keys = sandboxKeys(new TextEncoder().encode(api.jwtSecret), 'wh').solidgate;
  const rows: string[] = [];
  try {
    // 50 buyers: one user's fulfilments serialise on their balance row, as they must.
    const buyers = await Promise.all(Array.from({ length: 50 }, () => visitor(base)));
    for (const buyer of buyers) await createIntent(base, buyer.accessToken); // warm-up
    const orders: string[] = [];
    const create = await load(REQUESTS, CONCURRENCY, async (i) => {
      const res = await createIntent(base, buyers[i % buyers.length]!.accessToken);
      if (res.status === 200) orders.push(res.body.orderId);
      return res.status;
    });
    rows.push(
      `| ${backend} | POST Payments/create-payment-intent | ${create.rps} | ${create.p50} | ${create.p99} | ${create.failures} |`,
    );

    // Signed "approved" webhooks, one per order: each one claims, locks, credits and writes the outbox.
    const hooks = orders.map((orderId) => {
      const eventId = `evt_bench_${crypto.randomUUID()}`;
      const body = JSON.stringify({
        event_id: eventId,
        order: {
          order_id: orderId,
          provider_order_id: `sbx_${orderId}`,
          status: 'approved',
          amount: 2999,
          currency: 'USD',
        },
        error: null,
        card: null,
      });
      return { body, headers: signWebhook('solidgate', keys, body, eventId, new Date()) };
    });
    const webhook = await load(hooks.length, CONCURRENCY, async (i) => {
      const hook = hooks[i]!;
      const res = await fetch(`${base}/api/payments/webhooks/solidgate`, {
        method: 'POST',
        headers: { ...hook.headers, 'content-type': 'application/json' },
        body: hook.body,
      });
      await res.arrayBuffer();
      return res.status;
    });
    rows.push(
      `| ${backend} | POST payments/webhooks/solidgate (fulfil) | ${webhook.rps} | ${webhook.p50} | ${webhook.p99} | ${webhook.failures} |`,
    );

    // Card submit on the hosted page → PaymentNotification at the client, one visitor at a time.
    const roundTrips: number[] = [];
    for (let i = 0; i < ROUNDTRIPS; i += 1) {
      const v = await visitor(base);
      const connection = new HubConnectionBuilder()
        .withUrl(`${base}/hubs/paymentNotificationHub`, { accessTokenFactory: () => v.accessToken })
        .configureLogging(LogLevel.None)
        .build();
      const arrived = new Promise<number>((resolve) =>
        connection.on('PaymentNotification', () => resolve(performance.now())),
      );
      await connection.start();
      const { body } = await createIntent(base, v.accessToken);
      const t0 = performance.now();
      await fetch(`${base}${body.paymentUrl}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'cardNumber=4067429974719265&cardExpiryDate=12%2F34&cardCvv=123&cardHolder=Bench',
        redirect: 'manual',
      });
      const t1 = await Promise.race([arrived, new Promise<number>((r) => setTimeout(() => r(NaN), 10_000))]);
      if (!Number.isNaN(t1)) roundTrips.push(t1 - t0);
      await connection.stop();
    }
    roundTrips.sort((a, b) => a - b);
    rows.push(
      `| ${backend} | card submit → PaymentNotification (${roundTrips.length}/${ROUNDTRIPS}) | – | ${percentile(roundTrips, 50)} | ${percentile(roundTrips, 99)} | ${ROUNDTRIPS - roundTrips.length} |`,
    );
  } finally {
    await api.stop();
  }
  for (const row of rows) console.log(row);
  return rows;
}

async function main(): Promise<void> {
  const pin = pinBenchToCpu1();
  console.log(
    `payments bench: ${REQUESTS} requests at ${CONCURRENCY} concurrent, ${ROUNDTRIPS} round trips; ` +
      `${pin ? 'API on CPU 0, load on CPU 1' : 'no pinning'}; node ${process.version}`,
  );
  const all = await benchEachBackend(BACKENDS, (backend) => benchBackend(backend, pin));
  console.log('\n| backend | what | req/s | p50 ms | p99 ms | failures |\n|---|---|---|---|---|---|');
  for (const row of all) console.log(row);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
