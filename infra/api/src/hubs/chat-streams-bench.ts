// Chat streams at many concurrent users: USERS (default 500) signed-in users, each on its own
// official-client WebSocket connection to the chat hub with the embedded engine, all call
// `stream('SendMessage', …)` at once. Prints time to the first reply text and to completion (p50/p99/max),
// failures, and the process's memory per connection and per stream. Clients and server share one process (and one
// event loop), so the latencies are an upper bound. Printed, never asserted.
// Run: pnpm exec tsx infra/api/src/hubs/chat-streams-bench.ts   (CHAT_BENCH_USERS, default 500)

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHubServer } from '@companion/hubs';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { createPersonaEngine } from '../engines/companion/index.ts';
import { memoryStore } from './bench-store.ts';
import { createChatHub } from './chat-hub.ts';
import type { ChatReplyItem } from './chat-replies.ts';

const USERS = Number(process.env.CHAT_BENCH_USERS ?? 500);

const chat = createChatHub({ store: memoryStore(), engine: createPersonaEngine(), onError: () => {} });
const hubs = createHubServer({
  authenticate: async (token) => ({ ok: true, userId: token }),
  hubs: { chatHub: chat.hub },
  // Every user sends at once: a capacity bench, not a flood, so the instance's shared budget fits them all.
  globalInvocationBurst: USERS,
  globalInvocationsPerSecond: USERS,
});
const http = createServer((req, res) => void hubs.handleHttp(req, res));
http.on('upgrade', (req, socket, head) => void hubs.handleUpgrade(req, socket, head));
http.maxConnections = 20_000;
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hubs/chatHub`;

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;
const memory = (): NodeJS.MemoryUsage => {
  global.gc?.();
  return process.memoryUsage();
};

const before = memory();
const t0 = performance.now();
const clients: HubConnection[] = [];
for (let i = 0; i < USERS; i += 50) {
  const batch = Array.from({ length: Math.min(50, USERS - i) }, (_, k) =>
    new HubConnectionBuilder()
      .withUrl(url, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => `user-${i + k}` })
      .configureLogging(LogLevel.None)
      .build(),
  );
  await Promise.all(batch.map((client) => client.start()));
  clients.push(...batch);
}
const connectMs = performance.now() - t0;
const connected = memory();
console.log(
  `chat hub, ${USERS} users: connected in ${(connectMs / 1000).toFixed(1)} s; process rss ${mb(before.rss)} → ${mb(connected.rss)} ` +
    `(≈ ${((connected.rss - before.rss) / USERS / 1024).toFixed(1)} KB per connection, client and server side)`,
);

const firstText: number[] = [];
const whole: number[] = [];
let failures = 0;
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const s0 = performance.now();
await Promise.all(
  clients.map(
    (client, i) =>
      new Promise<void>((resolve) => {
        const started = performance.now();
        let sawText = false;
        client
          .stream<ChatReplyItem>('SendMessage', `chat-${i}`, `Tell me about your day, user ${i}`)
          .subscribe({
            next: (item) => {
              if (item.kind === 'text' && !sawText) {
                sawText = true;
                firstText.push(performance.now() - started);
              }
            },
            complete: () => {
              whole.push(performance.now() - started);
              resolve();
            },
            error: () => {
              failures += 1;
              resolve();
            },
          });
      }),
  ),
);
clearInterval(sampler);
const wallMs = performance.now() - s0;

const stats = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number): string => (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN).toFixed(0);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${(s.at(-1) ?? NaN).toFixed(0)} ms`;
};
console.log(
  `${USERS} concurrent SendMessage streams (embedded engine, in-memory store, 25 ms between words): ` +
    `${whole.length} completed, ${failures} failed, all done in ${(wallMs / 1000).toFixed(1)} s`,
);
console.log(`  stream call → first reply text: ${stats(firstText)}`);
console.log(`  stream call → completion:       ${stats(whole)}`);
console.log(
  `  peak rss while streaming ${mb(peakRss)} (≈ ${((peakRss - connected.rss) / USERS / 1024).toFixed(1)} KB per live stream)`,
);

await Promise.all(clients.map((client) => client.stop()));
await hubs.close();
http.closeAllConnections();
http.close();
