// Test harness: a hub server on an ephemeral loopback port, the official client of one, and a raw WebSocket peer
// for byte-level checks.

import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HttpTransportType, HubConnection } from '@microsoft/signalr';
import { WebSocket } from 'ws';
import { createHubServer } from '../server.ts';
import type { AuthResult, HubServer, HubServerOptions } from '../types.ts';

/** Tokens the test authenticator understands: `user:<id>`, `deleted:<id>`; anything else is 401. */
export async function testAuthenticate(token: string): Promise<AuthResult> {
  if (token.startsWith('user:')) return { ok: true, userId: token.slice(5) };
  if (token.startsWith('deleted:')) return { ok: false, status: 410 };
  return { ok: false, status: 401 };
}

/** A running server and its base URL. */
export interface Harness {
  hubs: HubServer;
  http: Server;
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts a hub server on 127.0.0.1 (a given port lets a test restart "the same" server). */
export async function startHarness(
  options: Partial<HubServerOptions> & Pick<HubServerOptions, 'hubs'>,
  port = 0,
): Promise<Harness> {
  const hubs = createHubServer({ authenticate: testAuthenticate, onError: () => {}, ...options });
  const http = createServer((req, res) => {
    if (!hubs.handleHttp(req, res)) {
      res.writeHead(404);
      res.end();
    }
  });
  http.on('upgrade', (req, socket, head) => {
    if (!hubs.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const actual = (http.address() as AddressInfo).port;
  return {
    hubs,
    http,
    port: actual,
    url: `http://127.0.0.1:${actual}`,
    async stop() {
      await hubs.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/** The official client (not started, logging off) of `hub` on a harness, signed in with a test token. */
export function officialClient(
  h: Pick<Harness, 'url'>,
  hub: string,
  transport: HttpTransportType,
  token: string,
): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`${h.url}/hubs/${hub}`, { transport, accessTokenFactory: () => token })
    .configureLogging(LogLevel.None)
    .build();
}

/** A hand-driven WebSocket peer recording every record it receives. */
export interface RawPeer {
  ws: WebSocket;
  /** Every record received (each with its 0x1E), in order, whether it came alone or with others in one message. */
  messages: string[];
  /** Every WebSocket message as received (the server puts the records of one event-loop turn in one, ADR 0280). */
  frames: string[];
  closed: Promise<number>;
  /** Waits until a received message satisfies the predicate, returning it. */
  next(predicate?: (message: string) => boolean): Promise<string>;
  send(text: string): void;
}

/** Negotiates and opens a raw WebSocket on a hub. */
export async function rawPeer(url: string, hub: string, token = 'user:raw'): Promise<RawPeer> {
  const negotiate = (await (
    await fetch(`${url}/hubs/${hub}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    })
  ).json()) as { connectionToken: string };
  const ws = new WebSocket(`${url.replace('http', 'ws')}/hubs/${hub}?id=${negotiate.connectionToken}`);
  const messages: string[] = [];
  const frames: string[] = [];
  const waiters: Array<{ predicate: (m: string) => boolean; resolve: (m: string) => void }> = [];
  let seen = 0;
  ws.on('message', (data: Buffer) => {
    const frame = data.toString('utf8');
    frames.push(frame);
    // Each record keeps its 0x1E terminator; a frame's text after its last one (none from this server) stays too.
    const records = frame.split('\x1e').map((part, i, all) => (i < all.length - 1 ? `${part}\x1e` : part));
    for (const text of records.filter((record) => record !== '')) {
      messages.push(text);
      for (const waiter of [...waiters]) {
        if (waiter.predicate(text)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(text);
        }
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    frames,
    closed,
    send: (text) => ws.send(text),
    next(predicate = () => true) {
      // Messages already received but not yet consumed count too.
      for (let i = seen; i < messages.length; i++) {
        const message = messages[i] as string;
        if (predicate(message)) {
          seen = i + 1;
          return Promise.resolve(message);
        }
      }
      return new Promise((resolve) =>
        waiters.push({
          predicate,
          resolve: (m) => {
            seen = messages.length;
            resolve(m);
          },
        }),
      );
    },
  };
}

/** Hex of a string's UTF-8 bytes, spaced like the vectors of docs/research/signalr-protocol.md §9. */
export function hex(text: string): string {
  return [...Buffer.from(text, 'utf8')].map((b) => b.toString(16).padStart(2, '0')).join(' ');
}
