// Long polling (docs/research/signalr-protocol.md §2.4): GET waits for records, POST sends, DELETE ends the transport.

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HubConnection } from './connection.ts';
import { NO_CACHE, corsHeaders, sendError } from './http.ts';

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

/** The long-polling transport of one hub server. */
export interface LongPolling {
  /** Whether the connection uses long polling. */
  uses(connection: HubConnection): boolean;
  /** The connection closed: its queued Close record still has to reach the client on its next poll. */
  closed(connection: HubConnection): void;
  /** No poll waiting and none for `timeoutMs`: the client is gone. Undefined when it does not long-poll. */
  stale(connection: HubConnection, now: number, timeoutMs: number): boolean | undefined;
  /** Forgets a closed connection's poll state. */
  drop(connection: HubConnection): void;
  get(req: IncomingMessage, res: ServerResponse, connection: HubConnection): void;
  post(req: IncomingMessage, res: ServerResponse, connection: HubConnection): void;
  delete(req: IncomingMessage, res: ServerResponse, connection: HubConnection): void;
  /** Ends every waiting poll (server close). */
  endAll(): void;
}

export interface LongPollingOptions {
  enabled: boolean;
  pollTimeoutMs: number;
  maxMessageBytes: number;
  /** The connection's token is no longer valid (the server's index drops it). */
  forget(connection: HubConnection): void;
}

export function createLongPolling({
  enabled,
  pollTimeoutMs,
  maxMessageBytes,
  forget,
}: LongPollingOptions): LongPolling {
  const polls = new Map<HubConnection, PollState>();

  function endPoll(poll: PollState, status: number, body: string): void {
    const pending = poll.pending;
    if (pending === null) return;
    clearTimeout(pending.timer);
    poll.pending = null;
    poll.lastPollAt = Date.now();
    pending.res.writeHead(status, { 'Content-Type': 'application/octet-stream', ...NO_CACHE });
    pending.res.end(body);
  }

  function flushPoll(connection: HubConnection, poll: PollState): void {
    if (poll.pending === null) return;
    if (poll.queue.length > 0) {
      const body = poll.queue.join('');
      poll.queue = [];
      endPoll(poll, 200, body);
    } else if (poll.ended) {
      endPoll(poll, 204, '');
      polls.delete(connection);
      forget(connection);
    }
  }

  function activate(req: IncomingMessage, res: ServerResponse, connection: HubConnection): void {
    if (connection.state !== 'negotiated' || !enabled) {
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
  }

  return {
    uses: (connection) => polls.has(connection),
    closed(connection) {
      const poll = polls.get(connection);
      if (poll === undefined) return;
      poll.ended = true;
      flushPoll(connection, poll);
    },
    stale(connection, now, timeoutMs) {
      const poll = polls.get(connection);
      if (poll === undefined) return undefined;
      return poll.pending === null && now - poll.lastPollAt > timeoutMs;
    },
    drop: (connection) => void polls.delete(connection),

    get(req, res, connection) {
      if (connection.sink !== null && connection.sink.kind !== 'LongPolling') {
        sendError(req, res, 400, 'wrong_transport', 'This connection does not use long polling.');
        return;
      }
      const state = polls.get(connection);
      if (state === undefined) return activate(req, res, connection);
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
    },

    post(req, res, connection) {
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
    },

    delete(req, res, connection) {
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
      forget(connection);
      res.writeHead(202, { 'Content-Type': 'text/plain', ...corsHeaders(req) });
      res.end();
    },

    endAll() {
      for (const poll of polls.values()) {
        poll.ended = true;
        if (poll.pending !== null) endPoll(poll, 204, '');
      }
      polls.clear();
    },
  };
}
