// The HTTP side of the hub server: negotiate, long polling, WebSocket upgrades, keep-alive and user routing.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { RedisBackplane } from './backplane.ts';
import { HubConnection, TokenBucket } from './connection.ts';
import type { ConnectionSettings, TransportSink } from './connection.ts';
import { closeMessage, invocation } from './protocol.ts';
import type { HubDefinition, HubServer, HubServerOptions, TransportName } from './types.ts';

const CORS_HEADERS = 'authorization, content-type, x-requested-with, x-signalr-user-agent';
const NO_CACHE = {
  'Cache-Control': 'no-cache, no-store',
  Pragma: 'no-cache',
  Expires: 'Thu, 01 Jan 1970 00:00:00 GMT',
};

/** A long-poll request waiting for data. */
interface PendingPoll {
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

/** Long-polling state kept beside a connection. */
interface PollState {
  queue: string[];
  pending: PendingPoll | null;
  lastPollAt: number;
  /** Set once the connection closed: the next poll gets 204 and the entry is dropped. */
  ended: boolean;
}

/** Creates a SignalR-protocol hub server (JSON hub protocol; WebSockets and long polling). */
export function createHubServer(options: HubServerOptions): HubServer {
  const basePath = (options.basePath ?? '/hubs').replace(/\/$/, '');
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const clientTimeoutMs = options.clientTimeoutMs ?? 30_000;
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 15_000;
  const disconnectTimeoutMs = options.disconnectTimeoutMs ?? 15_000;
  const pollTimeoutMs = options.pollTimeoutMs ?? 90_000;
  const maxMessageBytes = options.maxMessageBytes ?? 32 * 1024;
  const transports: TransportName[] = options.transports ?? ['WebSockets', 'LongPolling'];
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const onError =
    options.onError ?? ((error: unknown, where: string) => console.error(`[hubs] ${where}:`, error));
  const hubs = new Map<string, { name: string; def: HubDefinition }>(
    Object.entries(options.hubs).map(([name, def]) => [name.toLowerCase(), { name, def }]),
  );

  /** connectionToken → connection (the token is the secret the transports present). */
  const byToken = new Map<string, HubConnection>();
  const polls = new Map<HubConnection, PollState>();
  /** `${hub}\n${userId}` → open connections of that user on this instance. */
  const byUser = new Map<string, Set<HubConnection>>();
  const pendingSubscriptions = new Set<Promise<void>>();
  /** userId → invocation budget shared by all of that user's connections (every hub) on this instance. */
  const userBuckets = new Map<string, { bucket: TokenBucket; connections: number; idleSince: number }>();
  const userInvocationBurst = options.userInvocationBurst ?? 40;
  const userInvocationsPerSecond = options.userInvocationsPerSecond ?? 20;
  // Budgets per user do not hold back many users (anonymous visitors cost one pre-register each): every invocation
  // on this instance also takes from one shared bucket (ADR 0310).
  // A user whose connection was closed for flooding may not negotiate again for `floodPenaltyMs`: reconnecting at
  // once would buy a fresh connection's burst each time (ADR 0310).
  const floodPenaltyMs = options.floodPenaltyMs ?? 10_000;
  const floodedUntil = new Map<string, number>();
  // The access token a connection was opened with: a flooder's next negotiate with it is refused before the
  // authenticator reads the database.
  const accessTokenOf = new WeakMap<HubConnection, string>();
  const penaltyLeft = (key: string): number => Math.max(0, (floodedUntil.get(key) ?? 0) - Date.now());
  const globalInvocations = new TokenBucket(
    options.globalInvocationBurst ?? 40,
    options.globalInvocationsPerSecond ?? 20,
  );
  let draining = false;

  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: Math.max(maxMessageBytes * 4, 64 * 1024),
    perMessageDeflate: false,
  });

  const deliverLocal = (hub: string, userId: string, record: string): void => {
    const set = byUser.get(userKey(hub, userId));
    if (set === undefined) return;
    for (const connection of set) connection.write(record);
  };
  const backplane = options.redisUrl
    ? new RedisBackplane(
        options.redisUrl,
        options.redisChannelPrefix ?? 'companion-hubs',
        deliverLocal,
        onError,
      )
    : null;

  const track = (promise: Promise<void>): void => {
    const tracked = promise
      .catch((e: unknown) => onError(e, 'redis subscription'))
      .finally(() => pendingSubscriptions.delete(tracked));
    pendingSubscriptions.add(tracked);
  };

  const settings: ConnectionSettings = {
    maxMessageBytes,
    streamHighWaterBytes: options.streamHighWaterBytes ?? 1024 * 1024,
    limits: {
      invocationBurst: options.invocationBurst ?? 20,
      invocationsPerSecond: options.invocationsPerSecond ?? 10,
      recordBurst: options.recordBurst ?? 200,
      recordsPerSecond: options.recordsPerSecond ?? 100,
      maxRefusals: options.maxRefusals ?? 100,
      maxStreams: options.maxStreamsPerConnection ?? 8,
    },
    admitUserInvocation(connection) {
      return userBuckets.get(connection.userId)?.bucket.take() ?? true;
    },
    admitGlobalInvocation: () => globalInvocations.take(),
    onFlooded(connection) {
      const until = Date.now() + floodPenaltyMs;
      floodedUntil.set(connection.userId, until);
      const accessToken = accessTokenOf.get(connection);
      if (accessToken !== undefined) floodedUntil.set(accessToken, until);
    },
    onError,
    onOpen(connection) {
      const budget = userBuckets.get(connection.userId);
      if (budget) budget.connections += 1;
      else
        userBuckets.set(connection.userId, {
          bucket: new TokenBucket(userInvocationBurst, userInvocationsPerSecond),
          connections: 1,
          idleSince: 0,
        });
      const key = userKey(connection.hubName, connection.userId);
      let set = byUser.get(key);
      if (set === undefined) {
        set = new Set();
        byUser.set(key, set);
        if (backplane) track(backplane.subscribe(connection.hubName, connection.userId));
      }
      set.add(connection);
    },
    onClosed(connection) {
      const budget = userBuckets.get(connection.userId);
      // onClosed follows onOpen only for connections that opened; the count never goes below zero.
      // The budget outlives the connection (pruned once idle long enough to have refilled), so reconnecting
      // does not buy a fresh burst.
      if (budget && connection.wasOpened && --budget.connections <= 0) budget.idleSince = Date.now();
      const key = userKey(connection.hubName, connection.userId);
      const set = byUser.get(key);
      if (set?.delete(connection) && set.size === 0) {
        byUser.delete(key);
        if (backplane) track(backplane.unsubscribe(connection.hubName, connection.userId));
      }
      const poll = polls.get(connection);
      if (poll === undefined) {
        byToken.delete(connection.token);
      } else {
        // Long polling: the queued Close record still has to reach the client on its next poll.
        poll.ended = true;
        flushPoll(connection, poll);
      }
    },
  };

  // One heartbeat for all connections instead of timers per connection (cheap at thousands of connections).
  const tickMs = Math.max(
    5,
    Math.min(
      1000,
      Math.floor(Math.min(pingIntervalMs, clientTimeoutMs, disconnectTimeoutMs, handshakeTimeoutMs) / 4),
    ),
  );
  const refillMs = (userInvocationBurst / userInvocationsPerSecond) * 1000;
  const heartbeat = setInterval(() => {
    const now = Date.now();
    for (const [userId, budget] of userBuckets) {
      if (budget.connections <= 0 && now - budget.idleSince > refillMs) userBuckets.delete(userId);
    }
    for (const [key, until] of floodedUntil) if (until <= now) floodedUntil.delete(key);
    for (const connection of byToken.values()) {
      const poll = polls.get(connection);
      switch (connection.state) {
        case 'negotiated':
          if (now - connection.createdAt > disconnectTimeoutMs) {
            connection.close();
            byToken.delete(connection.token);
          }
          break;
        case 'handshaking':
          if (now - connection.lastReceivedAt > handshakeTimeoutMs) connection.cancelHandshake();
          break;
        case 'open':
          if (poll !== undefined) {
            // Long polling is its own keep-alive; a client that stops polling is gone.
            if (poll.pending === null && now - poll.lastPollAt > disconnectTimeoutMs) connection.close();
            break;
          }
          if (connection.clientPinged && now - connection.lastReceivedAt > clientTimeoutMs) {
            connection.close('Server timeout elapsed without receiving a message from the client.', true);
          } else if (now - connection.lastSentAt >= pingIntervalMs) {
            connection.ping();
          }
          break;
        case 'closed':
          if (poll !== undefined && poll.pending === null && now - poll.lastPollAt > disconnectTimeoutMs) {
            polls.delete(connection);
            byToken.delete(connection.token);
          }
          break;
      }
    }
  }, tickMs);
  heartbeat.unref();

  function flushPoll(connection: HubConnection, poll: PollState): void {
    const pending = poll.pending;
    if (pending === null) return;
    if (poll.queue.length > 0) {
      const body = poll.queue.join('');
      poll.queue = [];
      endPoll(poll, 200, body);
    } else if (poll.ended) {
      endPoll(poll, 204, '');
      polls.delete(connection);
      byToken.delete(connection.token);
    }
  }

  function endPoll(poll: PollState, status: number, body: string): void {
    const pending = poll.pending;
    if (pending === null) return;
    clearTimeout(pending.timer);
    poll.pending = null;
    poll.lastPollAt = Date.now();
    pending.res.writeHead(status, { 'Content-Type': 'application/octet-stream', ...NO_CACHE });
    pending.res.end(body);
  }

  function originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined || allowedOrigins.has('*') || allowedOrigins.has(origin)) return true;
    // Same origin: the Host the request reached, or the one a proxy in front forwarded (the one-origin server). A page
    // cannot forge X-Forwarded-Host: browsers refuse it on WebSockets and the CORS preflight does not allow it.
    const forwarded = req.headers['x-forwarded-host'];
    const hosts = [
      req.headers.host,
      ...(typeof forwarded === 'string' ? forwarded.split(',') : (forwarded ?? [])),
    ].map((h) => h?.trim());
    try {
      return hosts.includes(new URL(origin).host);
    } catch {
      return false;
    }
  }

  function corsHeaders(req: IncomingMessage): Record<string, string> {
    const origin = req.headers.origin;
    if (origin === undefined) return {};
    return {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    };
  }

  function route(
    url: URL,
  ): { hub: { name: string; def: HubDefinition } | undefined; negotiate: boolean } | null {
    if (!url.pathname.startsWith(`${basePath}/`)) return null;
    const rest = url.pathname.slice(basePath.length + 1).split('/');
    const hubName = rest[0] ?? '';
    const negotiate = rest.length === 2 && rest[1] === 'negotiate';
    if (rest.length > 2 || (rest.length === 2 && !negotiate)) return { hub: undefined, negotiate: false };
    return { hub: hubs.get(hubName.toLowerCase()), negotiate };
  }

  function sendJson(req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'Content-Type': 'application/json', ...NO_CACHE, ...corsHeaders(req) });
    res.end(JSON.stringify(body));
  }

  function sendError(
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    code: string,
    message: string,
  ): void {
    sendJson(req, res, status, { error: { code, message } });
  }

  function accessToken(req: IncomingMessage, url: URL): string | null {
    const header = req.headers.authorization;
    if (header !== undefined && /^Bearer /i.test(header)) return header.slice(7).trim() || null;
    return url.searchParams.get('access_token');
  }

  async function negotiate(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    hub: { name: string; def: HubDefinition },
  ): Promise<void> {
    if (draining) {
      sendError(req, res, 503, 'server_draining', 'This server is shutting down; retry on another instance.');
      return;
    }
    let version = 0;
    for (const [key, value] of url.searchParams) {
      if (key.toLowerCase() !== 'negotiateversion') continue;
      if (!/^-?\d+$/.test(value)) {
        sendJson(req, res, 200, { error: 'The client requested a non-integer protocol version.' });
        return;
      }
      version = Math.max(0, Math.min(1, Number(value)));
    }
    const token = accessToken(req, url);
    if (token === null) {
      sendError(
        req,
        res,
        401,
        'unauthorized',
        'An access token is required (Authorization: Bearer or access_token).',
      );
      return;
    }
    const refusedToken = penaltyLeft(token);
    const auth = refusedToken > 0 ? null : await options.authenticate(token);
    if (auth !== null && !auth.ok) {
      if (auth.status === 410) sendError(req, res, 410, 'account_deleted', 'This account was deleted.');
      else sendError(req, res, 401, 'unauthorized', 'The access token is invalid or expired.');
      return;
    }
    const penalty = auth === null ? refusedToken : penaltyLeft(auth.userId);
    if (auth === null || penalty > 0) {
      res.setHeader('Retry-After', String(Math.ceil(penalty / 1000)));
      sendError(
        req,
        res,
        429,
        'rate_limited',
        `Too many hub messages from this user: retry in ${Math.ceil(penalty / 1000)} s.`,
      );
      return;
    }
    const connectionId = newId();
    const connectionToken = version >= 1 ? newId() : connectionId;
    const connection = new HubConnection(
      hub.name,
      hub.def,
      connectionId,
      connectionToken,
      auth.userId,
      settings,
    );
    accessTokenOf.set(connection, token);
    byToken.set(connectionToken, connection);
    const availableTransports = transports.map((transport) => ({ transport, transferFormats: ['Text'] }));
    sendJson(
      req,
      res,
      200,
      version >= 1
        ? { negotiateVersion: 1, connectionId, connectionToken, availableTransports }
        : { connectionId, availableTransports },
    );
  }

  function longPoll(req: IncomingMessage, res: ServerResponse, connection: HubConnection): void {
    if (connection.sink !== null && connection.sink.kind !== 'LongPolling') {
      sendError(req, res, 400, 'wrong_transport', 'This connection does not use long polling.');
      return;
    }
    const poll = polls.get(connection);
    if (poll === undefined) {
      if (connection.state !== 'negotiated' || !transports.includes('LongPolling')) {
        sendError(req, res, 400, 'wrong_transport', 'Long polling is not available for this connection.');
        return;
      }
      // The first poll activates the connection and returns at once (docs/research/signalr-protocol.md §2.4).
      const state: PollState = { queue: [], pending: null, lastPollAt: Date.now(), ended: false };
      polls.set(connection, state);
      connection.attach({
        kind: 'LongPolling',
        write(record) {
          state.queue.push(record);
          flushPoll(connection, state);
        },
        buffered: () => state.queue.reduce((n, r) => n + r.length, 0),
        end() {},
      });
      res.writeHead(200, {
        'Content-Type': 'application/octet-stream',
        'Content-Length': '0',
        ...NO_CACHE,
        ...corsHeaders(req),
      });
      res.end();
      return;
    }
    const state = poll;
    if (state.pending !== null) endPoll(state, 204, '');
    for (const [key, value] of Object.entries(corsHeaders(req))) res.setHeader(key, value);
    state.pending = { res, timer: setTimeout(() => endPoll(state, 200, ''), pollTimeoutMs) };
    state.lastPollAt = Date.now();
    res.on('close', () => {
      if (state.pending?.res === res) {
        clearTimeout(state.pending.timer);
        state.pending = null;
        state.lastPollAt = Date.now();
      }
    });
    flushPoll(connection, state);
  }

  function postSend(req: IncomingMessage, res: ServerResponse, connection: HubConnection): void {
    if (connection.sink?.kind === 'WebSockets') {
      sendError(req, res, 405, 'wrong_transport', 'POST is not allowed for a WebSocket connection.');
      return;
    }
    if (connection.state === 'closed' || connection.sink === null) {
      sendError(req, res, 404, 'connection_not_found', 'No connection with this id.');
      return;
    }
    const limit = maxMessageBytes * 4;
    let size = 0;
    let overflow = false;
    req.on('data', (chunk: Buffer) => {
      if (overflow) return;
      size += chunk.length;
      if (size > limit) {
        overflow = true;
        connection.close(
          `Connection closed with an error. Message exceeds the maximum size of ${maxMessageBytes} bytes.`,
        );
        sendError(req, res, 413, 'message_too_large', `A send may not exceed ${limit} bytes.`);
        return;
      }
      connection.receive(chunk);
    });
    req.on('end', () => {
      if (overflow) return;
      res.writeHead(200, { 'Content-Type': 'text/plain', ...corsHeaders(req) });
      res.end();
    });
  }

  function deletePoll(req: IncomingMessage, res: ServerResponse, connection: HubConnection): void {
    const poll = polls.get(connection);
    if (poll === undefined) {
      sendError(req, res, 400, 'wrong_transport', 'DELETE is only for long polling.');
      return;
    }
    // The client ended the transport: the pending poll gets 204 and no Close record is queued.
    poll.ended = true;
    if (poll.pending !== null) endPoll(poll, 204, '');
    connection.transportClosed();
    polls.delete(connection);
    byToken.delete(connection.token);
    res.writeHead(202, { 'Content-Type': 'text/plain', ...corsHeaders(req) });
    res.end();
  }

  function handleHttp(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const matched = route(url);
    if (matched === null) return false;
    if (!originAllowed(req)) {
      // No CORS headers: reflecting a refused Origin would tell its page it may read the answer.
      res.writeHead(403, { 'Content-Type': 'application/json', ...NO_CACHE });
      res.end(
        JSON.stringify({
          error: { code: 'origin_not_allowed', message: 'This origin may not connect to the hubs.' },
        }),
      );
      return true;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...corsHeaders(req),
        'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': CORS_HEADERS,
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return true;
    }
    const { hub, negotiate: isNegotiate } = matched;
    if (hub === undefined) {
      sendError(req, res, 404, 'hub_not_found', 'No hub at this path.');
      return true;
    }
    if (isNegotiate) {
      if (req.method !== 'POST') {
        sendError(req, res, 405, 'method_not_allowed', 'Negotiate is a POST.');
        return true;
      }
      negotiate(req, res, url, hub).catch((e: unknown) => {
        onError(e, 'negotiate');
        if (!res.headersSent) sendError(req, res, 500, 'internal_error', 'Negotiate failed.');
      });
      return true;
    }
    const id = url.searchParams.get('id');
    if (id === null || id === '') {
      sendError(req, res, 400, 'missing_id', 'The id query parameter is required.');
      return true;
    }
    const connection = byToken.get(id);
    if (connection === undefined || connection.hubName !== hub.name) {
      sendError(req, res, 404, 'connection_not_found', 'No connection with this id.');
      return true;
    }
    if (req.method === 'GET') longPoll(req, res, connection);
    else if (req.method === 'POST') postSend(req, res, connection);
    else if (req.method === 'DELETE') deletePoll(req, res, connection);
    else sendError(req, res, 405, 'method_not_allowed', 'Use GET, POST or DELETE.');
    return true;
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const matched = route(url);
    if (matched === null) return false;
    const reject = (status: number, text: string): void => {
      socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (!originAllowed(req)) return (reject(403, 'Forbidden'), true);
    const { hub, negotiate: isNegotiate } = matched;
    if (hub === undefined || isNegotiate || !transports.includes('WebSockets'))
      return (reject(404, 'Not Found'), true);
    const id = url.searchParams.get('id');
    if (id === null) {
      // skipNegotiation: the client opens the socket directly, so authenticate here
      // (docs/research/signalr-protocol.md §1.5).
      if (draining) return (reject(503, 'Service Unavailable'), true);
      const token = accessToken(req, url);
      if (token === null) return (reject(401, 'Unauthorized'), true);
      if (penaltyLeft(token) > 0) return (reject(429, 'Too Many Requests'), true);
      options
        .authenticate(token)
        .then((auth) => {
          if (!auth.ok) return reject(auth.status, auth.status === 410 ? 'Gone' : 'Unauthorized');
          if (penaltyLeft(auth.userId) > 0) return reject(429, 'Too Many Requests');
          const connectionId = newId();
          const connection = new HubConnection(
            hub.name,
            hub.def,
            connectionId,
            connectionId,
            auth.userId,
            settings,
          );
          accessTokenOf.set(connection, token);
          byToken.set(connectionId, connection);
          accept(req, socket, head, connection);
        })
        .catch((e: unknown) => {
          onError(e, 'upgrade');
          reject(500, 'Internal Server Error');
        });
      return true;
    }
    const connection = byToken.get(id);
    if (connection === undefined || connection.hubName !== hub.name || connection.state === 'closed')
      return (reject(404, 'Not Found'), true);
    if (connection.state !== 'negotiated') return (reject(409, 'Conflict'), true);
    accept(req, socket, head, connection);
    return true;
  }

  function accept(req: IncomingMessage, socket: Duplex, head: Buffer, connection: HubConnection): void {
    // Reserve the connection before the asynchronous upgrade so a second socket gets 409.
    connection.state = 'handshaking';
    connection.lastReceivedAt = Date.now();
    wss.handleUpgrade(req, socket, head, (ws: WebSocket) => {
      connection.attach(coalescingSink(ws));
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (connection.isClosed()) {
          // What a closed connection still sends (a flood: thousands of frames) is not read, decoded and dropped
          // frame by frame while its close handshake waits: the socket goes now (its Close record was flushed).
          ws.terminate();
          return;
        }
        connection.receive(isBinary ? data : data.toString('utf8'));
      });
      ws.on('close', () => connection.transportClosed());
      ws.on('error', (e: unknown) => {
        // ws raises for frames over maxPayload and bad framing; the connection just ends.
        onError(e, `${connection.hubName} websocket`);
        connection.transportClosed();
      });
    });
  }

  async function sendToUser(hub: string, userId: string, target: string, ...args: unknown[]): Promise<void> {
    const entry = hubs.get(hub.toLowerCase());
    if (entry === undefined) throw new Error(`Unknown hub '${hub}'`);
    const record = invocation(target, args);
    deliverLocal(entry.name, userId, record);
    // Best effort like the .NET backplane: a Redis outage must not fail the caller (a payment webhook) after local delivery.
    if (backplane)
      await backplane.publish(entry.name, userId, record).catch((e: unknown) => onError(e, 'redis publish'));
  }

  function connectionCount(hub?: string): number {
    let n = 0;
    for (const connection of byToken.values()) {
      if (connection.state === 'open' && (hub === undefined || connection.hubName === hub)) n++;
    }
    return n;
  }

  async function closeUser(userId: string, reason: string): Promise<void> {
    const close = closeMessage(reason, false);
    for (const connection of [...byToken.values()]) {
      if (connection.userId !== userId || connection.state === 'closed') continue;
      connection.close(reason);
      if (polls.get(connection) === undefined) byToken.delete(connection.token);
    }
    // Other instances: their connections of this user get the Close record (the client ends them); best effort.
    if (backplane)
      for (const { name } of hubs.values())
        await backplane.publish(name, userId, close).catch((e: unknown) => onError(e, 'redis publish'));
  }

  async function drain(): Promise<void> {
    draining = true;
    for (const connection of [...byToken.values()]) {
      if (connection.state === 'open') connection.close('Server is shutting down.', true);
      else connection.close();
    }
  }

  async function ready(): Promise<void> {
    if (backplane) await backplane.whenReady();
    await Promise.all([...pendingSubscriptions]);
  }

  async function close(): Promise<void> {
    await drain();
    clearInterval(heartbeat);
    for (const poll of polls.values()) {
      poll.ended = true;
      if (poll.pending !== null) endPoll(poll, 204, '');
    }
    polls.clear();
    byToken.clear();
    for (const ws of wss.clients) ws.terminate();
    wss.close();
    await backplane?.close();
  }

  return { handleHttp, handleUpgrade, sendToUser, closeUser, connectionCount, drain, close, ready };
}

/** 16 random bytes, base64url: URL-safe because the client appends ids to the query unencoded. */
function newId(): string {
  return randomBytes(16).toString('base64url');
}

function userKey(hub: string, userId: string): string {
  return `${hub}\n${userId}`;
}

/**
 * The WebSocket side of a connection. Records written in one turn of the event loop leave as ONE WebSocket message
 * (the protocol allows several 0x1E-terminated records per message), flushed at `setImmediate`: a chat send's
 * `accepted` item and its first text, produced in the same turn, then reach the browser in one `message` event, so
 * the client handles both before it renders anything (ADR 0280). A lone record waits only for the end of the turn.
 */
export function coalescingSink(ws: Pick<WebSocket, 'send' | 'close' | 'bufferedAmount'>): TransportSink {
  let pending = '';
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending === '') return;
    const message = pending;
    pending = '';
    ws.send(message);
  };
  return {
    kind: 'WebSockets',
    write(record) {
      pending += record;
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    buffered: () => ws.bufferedAmount + pending.length,
    end() {
      flush();
      ws.close(1000);
    },
  };
}
