// Public types of the hub server: what an app hands in and what hub code sees.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/** Result of checking an access token: the user, or the HTTP status negotiate answers with. */
export type AuthResult = { ok: true; userId: string } | { ok: false; status: 401 | 410 };

/** Checks an access token taken from `Authorization: Bearer` or the `access_token` query. */
export type Authenticate = (token: string) => Promise<AuthResult>;

/** What hub code knows about the caller. */
export interface HubCallContext {
  hub: string;
  connectionId: string;
  userId: string;
  /** Aborted when the invocation is cancelled (streams) or the connection ends. */
  signal: AbortSignal;
  /** Aborted only when the connection ends; tells a client cancel apart from a dropped connection. */
  connectionSignal: AbortSignal;
}

/** An invocable hub method: its return value (or promise) becomes the Completion result. */
export type HubMethod = (ctx: HubCallContext, ...args: unknown[]) => unknown;

/** A streaming hub method: every yielded value becomes a StreamItem; cancel aborts `ctx.signal`. */
export type HubStreamMethod = (ctx: HubCallContext, ...args: unknown[]) => AsyncIterable<unknown>;

/** A hub: its invocable and streaming methods (matched case-insensitively) and lifecycle hooks. */
export interface HubDefinition {
  methods?: Record<string, HubMethod>;
  streams?: Record<string, HubStreamMethod>;
  onConnected?(ctx: Omit<HubCallContext, 'signal' | 'connectionSignal'>): void | Promise<void>;
  onDisconnected?(ctx: Omit<HubCallContext, 'signal' | 'connectionSignal'>): void | Promise<void>;
}

/** Thrown by hub code to send its message to the client unchanged; other errors are masked. */
export class HubError extends Error {
  override readonly name = 'HubError';
}

/** Transports the server can offer; advertised in this order. */
export type TransportName = 'WebSockets' | 'LongPolling';

/** Options of `createHubServer`. */
export interface HubServerOptions {
  authenticate: Authenticate;
  hubs: Record<string, HubDefinition>;
  /** Origins allowed besides the request's own host; `*` allows any (tests only). */
  allowedOrigins?: string[];
  /** URL prefix the hubs live under. Default `/hubs`. */
  basePath?: string;
  /** Turns on Redis pub/sub so `sendToUser` reaches connections on other instances. */
  redisUrl?: string;
  /** Prefix of Redis channel names, so apps sharing a Redis stay apart. Default `companion-hubs`. */
  redisChannelPrefix?: string;
  transports?: TransportName[];
  /** Ping when nothing was sent for this long. Default 15000. */
  pingIntervalMs?: number;
  /** Close (allowing reconnect) when nothing was received for this long, once the client has pinged. Default 30000. */
  clientTimeoutMs?: number;
  /** Close when no handshake arrived within this time. Default 15000. */
  handshakeTimeoutMs?: number;
  /** Drop negotiated-but-unused connections and long-poll clients that stop polling. Default 15000. */
  disconnectTimeoutMs?: number;
  /** Long-poll hold time before an empty 200. Default 90000. */
  pollTimeoutMs?: number;
  /** Largest accepted record in bytes. Default 32768. */
  maxMessageBytes?: number;
  /** Pause a stream while this many bytes wait on a WebSocket. Default 1 MiB. */
  streamHighWaterBytes?: number;
  /** Invocations one connection may start at once (default 20), then this many per second (default 10). */
  invocationBurst?: number;
  invocationsPerSecond?: number;
  /** The same for all of one user's connections on this instance together (defaults 40 and 20 per second). */
  userInvocationBurst?: number;
  userInvocationsPerSecond?: number;
  /** Records of any kind per connection, burst (default 200) and per second (default 100); beyond, it is closed. */
  recordBurst?: number;
  recordsPerSecond?: number;
  /** Throttled invocations in a row before a flooding connection is closed (default 100). */
  maxRefusals?: number;
  /** All invocations on this instance together, burst (default 40) and per second (default 20); over it an
   *  invocation gets `server_busy: …` and runs nothing. */
  globalInvocationBurst?: number;
  globalInvocationsPerSecond?: number;
  /** How long a user whose connection was closed for flooding is refused new connections (429; default 10000). */
  floodPenaltyMs?: number;
  /** Streams one connection may run at once (default 8). */
  maxStreamsPerConnection?: number;
  /** Receives errors the server contains (hub code, Redis); default `console.error`. */
  onError?: (error: unknown, where: string) => void;
}

/** A running hub server, framework-free: plug `handleHttp` and `handleUpgrade` into any Node HTTP server. */
export interface HubServer {
  /** Serves negotiate and long polling; returns false when the request is not under `basePath`. */
  handleHttp(req: IncomingMessage, res: ServerResponse): boolean;
  /** Accepts a WebSocket upgrade; returns false (socket untouched) when the path is not under `basePath`. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Sends an event to every connection of a user on a hub, on every instance when Redis is on. */
  sendToUser(hub: string, userId: string, target: string, ...args: unknown[]): Promise<void>;
  /**
   * Ends every connection of a user (account deleted): local ones are closed now, and with Redis the others
   * receive a Close record. The next negotiate answers what `authenticate` says (410 for a deleted account).
   */
  closeUser(userId: string, reason: string): Promise<void>;
  /** Number of live connections on this instance, per hub or in total. */
  connectionCount(hub?: string): number;
  /** Resolves when Redis is connected and every pending user subscription is active. */
  ready(): Promise<void>;
  /** Asks every client to reconnect elsewhere (Close with allowReconnect) and refuses new negotiates. */
  drain(): Promise<void>;
  /** Drains, then stops timers and Redis. */
  close(): Promise<void>;
}
