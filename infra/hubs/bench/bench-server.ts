// Child process of hub-bench.ts: one hub server instance, driven over IPC so clients do not share its event loop.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHubServer } from '../src/index.ts';

const hubs = createHubServer({
  authenticate: async (token) => ({ ok: true, userId: token }),
  hubs: { paymentNotificationHub: {} },
  onError: () => {},
});
const http = createServer((req, res) => {
  if (!hubs.handleHttp(req, res)) res.writeHead(404).end();
});
http.on('upgrade', (req, socket, head) => {
  if (!hubs.handleUpgrade(req, socket, head)) socket.destroy();
});
http.maxConnections = 20_000;

interface Command {
  id: number;
  kind: 'memory' | 'fanout' | 'count' | 'stop';
  users?: number;
}

process.on('message', (command: Command) => {
  const reply = (body: unknown): void => void process.send?.({ id: command.id, body });
  switch (command.kind) {
    case 'memory': {
      global.gc?.();
      const m = process.memoryUsage();
      reply({ rss: m.rss, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers });
      return;
    }
    case 'count':
      reply(hubs.connectionCount());
      return;
    case 'fanout': {
      // One event per user, as a payment webhook burst would; the send time rides in the payload.
      const sentAt = performance.timeOrigin + performance.now();
      const sends: Array<Promise<void>> = [];
      for (let i = 0; i < (command.users ?? 0); i++) {
        sends.push(
          hubs.sendToUser('paymentNotificationHub', `u${i}`, 'PaymentNotification', {
            success: true,
            product: { id: 'tokens-550', name: '550 tokens', isSubscriptionProduct: false },
            amountPaid: 1999,
            currencyPaid: 'USD',
            subscription: null,
            remainingBalance: 550,
            sentAt,
          }),
        );
      }
      void Promise.all(sends).then(() =>
        reply({ sentAt, loopMs: performance.timeOrigin + performance.now() - sentAt }),
      );
      return;
    }
    case 'stop':
      void hubs.close().then(() => {
        http.closeAllConnections();
        http.close(() => process.exit(0));
      });
      return;
  }
});

http.listen(0, '127.0.0.1', () => process.send?.({ ready: (http.address() as AddressInfo).port }));
