// The hub server: negotiate, routing of HTTP and upgrades to the transports, the heartbeat and the user index.
// The transports are `long-polling.ts` and `websockets.ts`; budgets above one connection are `budgets.ts`.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { RedisBackplane } from './backplane.ts';
import { createBudgets } from './budgets.ts';
import { HubConnection } from './connection.ts';
import type { ConnectionSettings } from './connection.ts';
import {
  CORS_HEADERS,
  NO_CACHE,
  accessToken,
  corsHeaders,
  newId,
  originAllowed,
  sendError,
  sendJson,
} from './http.ts';
import { createLongPolling } from './long-polling.ts';
import { closeMessage, invocation } from './protocol.ts';
import type { HubDefinition, HubServer, HubServerOptions, TransportName } from './types.ts';
import { createWebSockets } from './websockets.ts';

type Hub = { name: string; def: HubDefinition };

/** Creates a SignalR-protocol hub server (JSON hub protocol; WebSockets and long polling). */
export function createHubServer(options: HubServerOptions): HubServer {
  const basePath = (options.basePath ?? '/hubs').replace(/\/$/, '');
  const pingIntervalMs = options.pingIntervalMs ?? 15_000;
  const clientTimeoutMs = options.clientTimeoutMs ?? 30_000;
  const handshakeTimeoutMs = options.handshakeTimeoutMs ?? 15_000;
  const disconnectTimeoutMs = options.disconnectTimeoutMs ?? 15_000;
  const maxMessageBytes = options.maxMessageBytes ?? 32 * 1024;
  const transports: TransportName[] = options.transports ?? ['WebSockets', 'LongPolling'];
  const allowedOrigins = new Set(options.allowedOrigins ?? []);
  const onError =
    options.onError ?? ((error: unknown, where: string) => console.error(`[hubs] ${where}:`, error));
  const hubs = new Map<string, Hub>(
    Object.entries(options.hubs).map(([name, def]) => [name.toLowerCase(), { name, def }]),
  );

  /** connectionToken → connection (the token is the secret the transports present). */
  const byToken = new Map<string, HubConnection>();
  /** `${hub}\n${userId}` → open connections of that user on this instance. */
  const byUser = new Map<string, Set<HubConnection>>();
  const pendingSubscriptions = new Set<Promise<void>>();
  const budgets = createBudgets(options);
  const longPolling = createLongPolling({
    enabled: transports.includes('LongPolling'),
    pollTimeoutMs: options.pollTimeoutMs ?? 90_000,
    maxMessageBytes,
    forget: (connection) => byToken.delete(connection.token),
  });
  const webSockets = createWebSockets(maxMessageBytes, onError);
  let draining = false;

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
    admitUserInvocation: budgets.admitUserInvocation,
    admitGlobalInvocation: budgets.admitGlobalInvocation,
    onFlooded: budgets.flooded,
    onError,
    onOpen(connection) {
      budgets.opened(connection);
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
      budgets.closed(connection);
      const key = userKey(connection.hubName, connection.userId);
      const set = byUser.get(key);
      if (set?.delete(connection) && set.size === 0) {
        byUser.delete(key);
        if (backplane) track(backplane.unsubscribe(connection.hubName, connection.userId));
      }
      // Long polling: the queued Close record still has to reach the client on its next poll.
      if (longPolling.uses(connection)) longPolling.closed(connection);
      else byToken.delete(connection.token);
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
  const heartbeat = setInterval(() => {
    const now = Date.now();
    budgets.prune(now);
    for (const connection of byToken.values()) {
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
        case 'open': {
          // Long polling is its own keep-alive; a client that stops polling is gone.
          const stale = longPolling.stale(connection, now, disconnectTimeoutMs);
          if (stale !== undefined) {
            if (stale) connection.close();
            break;
          }
          if (connection.clientPinged && now - connection.lastReceivedAt > clientTimeoutMs) {
            connection.close('Server timeout elapsed without receiving a message from the client.', true);
          } else if (now - connection.lastSentAt >= pingIntervalMs) {
            connection.ping();
          }
          break;
        }
        case 'closed':
          if (longPolling.stale(connection, now, disconnectTimeoutMs) === true) {
            longPolling.drop(connection);
            byToken.delete(connection.token);
          }
          break;
      }
    }
  }, tickMs);
  heartbeat.unref();

  function route(url: URL): { hub: Hub | undefined; negotiate: boolean } | null {
    if (!url.pathname.startsWith(`${basePath}/`)) return null;
    const rest = url.pathname.slice(basePath.length + 1).split('/');
    const hubName = rest[0] ?? '';
    const negotiate = rest.length === 2 && rest[1] === 'negotiate';
    if (rest.length > 2 || (rest.length === 2 && !negotiate)) return { hub: undefined, negotiate: false };
    return { hub: hubs.get(hubName.toLowerCase()), negotiate };
  }

  /** A new connection of `userId`, indexed by its token. */
  function open(hub: Hub, userId: string, token: string, connectionId: string, connectionToken: string) {
    const connection = new HubConnection(hub.name, hub.def, connectionId, connectionToken, userId, settings);
    budgets.remember(connection, token);
    byToken.set(connectionToken, connection);
    return connection;
  }

  async function negotiate(req: IncomingMessage, res: ServerResponse, url: URL, hub: Hub): Promise<void> {
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
    const refusedToken = budgets.penaltyLeft(token);
    const auth = refusedToken > 0 ? null : await options.authenticate(token);
    if (auth !== null && !auth.ok) {
      if (auth.status === 410) sendError(req, res, 410, 'account_deleted', 'This account was deleted.');
      else sendError(req, res, 401, 'unauthorized', 'The access token is invalid or expired.');
      return;
    }
    const penalty = auth === null ? refusedToken : budgets.penaltyLeft(auth.userId);
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
    open(hub, auth.userId, token, connectionId, connectionToken);
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

  function handleHttp(req: IncomingMessage, res: ServerResponse): boolean {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const matched = route(url);
    if (matched === null) return false;
    if (!originAllowed(req, allowedOrigins)) {
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
    if (req.method === 'GET') longPolling.get(req, res, connection);
    else if (req.method === 'POST') longPolling.post(req, res, connection);
    else if (req.method === 'DELETE') longPolling.delete(req, res, connection);
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
    if (!originAllowed(req, allowedOrigins)) return (reject(403, 'Forbidden'), true);
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
      if (budgets.penaltyLeft(token) > 0) return (reject(429, 'Too Many Requests'), true);
      options
        .authenticate(token)
        .then((auth) => {
          if (!auth.ok) return reject(auth.status, auth.status === 410 ? 'Gone' : 'Unauthorized');
          if (budgets.penaltyLeft(auth.userId) > 0) return reject(429, 'Too Many Requests');
          const connectionId = newId();
          webSockets.accept(req, socket, head, open(hub, auth.userId, token, connectionId, connectionId));
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
    webSockets.accept(req, socket, head, connection);
    return true;
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
      if (!longPolling.uses(connection)) byToken.delete(connection.token);
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
    longPolling.endAll();
    byToken.clear();
    webSockets.close();
    await backplane?.close();
  }

  return { handleHttp, handleUpgrade, sendToUser, closeUser, connectionCount, drain, close, ready };
}

function userKey(hub: string, userId: string): string {
  return `${hub}\n${userId}`;
}
