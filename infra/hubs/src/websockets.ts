// The WebSocket transport: accepting an upgrade for a connection, and the sink its records leave through.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { HubConnection, TransportSink } from './connection.ts';

/** The WebSocket side of one hub server. */
export interface WebSockets {
  /** Completes the upgrade and attaches the socket to `connection` (reserved at once: a second socket gets 409). */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer, connection: HubConnection): void;
  /** Terminates every socket (server close). */
  close(): void;
}

export function createWebSockets(
  maxMessageBytes: number,
  onError: (error: unknown, where: string) => void,
): WebSockets {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: Math.max(maxMessageBytes * 4, 64 * 1024),
    perMessageDeflate: false,
  });
  return {
    accept(req, socket, head, connection) {
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
    },
    close() {
      for (const ws of wss.clients) ws.terminate();
      wss.close();
    },
  };
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
