// Time from `connection.stream('SendMessage', …)` to the first reply text with the embedded engine, over the
// official client on loopback WebSockets. Printed, never asserted. Run: pnpm exec tsx infra/api/src/hubs/first-item-bench.ts

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHubServer } from '@companion/hubs';
import { HttpTransportType, HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import { createPersonaEngine } from '../engines/companion/index.ts';
import { createChatHub } from './chat-hub.ts';
import type { ChatReplyItem } from './chat-replies.ts';
import { memoryStore } from './bench-store.ts';

const RUNS = Number(process.env.FIRST_ITEM_RUNS ?? 50);
/** Unrecorded first runs, so JIT warm-up does not land in p99. */
const WARMUP = 5;

const chat = createChatHub({ store: memoryStore(), engine: createPersonaEngine(), onError: () => {} });
const hubs = createHubServer({
  authenticate: async (token) => ({ ok: true, userId: token }),
  hubs: { chatHub: chat.hub },
});
const http = createServer((req, res) => void hubs.handleHttp(req, res));
http.on('upgrade', (req, socket, head) => void hubs.handleUpgrade(req, socket, head));
await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/hubs/chatHub`;

const client = new HubConnectionBuilder()
  .withUrl(url, { transport: HttpTransportType.WebSockets, accessTokenFactory: () => 'bench-user' })
  .configureLogging(LogLevel.None)
  .build();
await client.start();

const acceptedAll: number[] = [];
const firstTextAll: number[] = [];
const wholeAll: number[] = [];
for (let i = 0; i < RUNS + WARMUP; i++) {
  const accepted = i < WARMUP ? [] : acceptedAll;
  const firstText = i < WARMUP ? [] : firstTextAll;
  const whole = i < WARMUP ? [] : wholeAll;
  await new Promise<void>((resolve, reject) => {
    const t0 = performance.now();
    let sawText = false;
    client.stream<ChatReplyItem>('SendMessage', `chat-${i}`, `Tell me about your day, part ${i}`).subscribe({
      next: (item) => {
        if (item.kind === 'accepted') accepted.push(performance.now() - t0);
        if (item.kind === 'text' && !sawText) {
          sawText = true;
          firstText.push(performance.now() - t0);
        }
      },
      complete: () => {
        whole.push(performance.now() - t0);
        resolve();
      },
      error: reject,
    });
  });
}

const stats = (xs: number[]): string => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number): string => (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN).toFixed(2);
  return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`;
};
console.log(
  `embedded engine over WebSockets, ${RUNS} replies after ${WARMUP} warm-up (in-memory store, 25 ms between words):`,
);
console.log(`  stream call → 'accepted' item: ${stats(acceptedAll)}`);
console.log(`  stream call → first reply text: ${stats(firstTextAll)}`);
console.log(`  stream call → completion (whole reply): ${stats(wholeAll)}`);
await client.stop();
await hubs.close();
http.closeAllConnections();
http.close();
