// WebSocket upgrades to /hubs, relayed as bytes: the API's own answer (101, or 401/403/404/409/410) reaches the
// client unchanged, instead of the origin accepting the socket and closing it when the API refuses.

import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';

const API_UNAVAILABLE = JSON.stringify({
  error: { code: 'api_unavailable', message: 'The API is not reachable right now. Try again in a moment.' },
});

function refuse(socket: Duplex, status: number, reason: string, body = ''): void {
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nCache-Control: no-store\r\n` +
      (body ? 'Content-Type: application/json; charset=utf-8\r\n' : '') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** The request head as the API should see it: the client's headers, with forwarding headers set by us. */
function requestHead(req: IncomingMessage, clientIp: string): string {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/1.1`];
  const dropped = new Set(['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto']);
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    if (!dropped.has(name.toLowerCase())) lines.push(`${name}: ${req.rawHeaders[i + 1] ?? ''}`);
  }
  lines.push(
    `X-Forwarded-For: ${clientIp}`,
    `X-Forwarded-Host: ${req.headers.host ?? ''}`,
    'X-Forwarded-Proto: http',
  );
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/**
 * Serves WebSocket upgrades of `app`: paths under `/hubs/` are relayed to the API at `apiUrl`; anything else is
 * refused with 404. The API sees the socket's peer as the client (hub limits are per user, not per address).
 */
export function relayUpgrades(app: FastifyInstance, apiUrl: string, apiAvailable: () => boolean): void {
  const { hostname, port } = new URL(apiUrl);
  const open = new Set<Duplex>();
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(req.url ?? '').startsWith('/hubs/')) return refuse(socket, 404, 'Not Found');
    if (!apiAvailable()) return refuse(socket, 503, 'Service Unavailable', API_UNAVAILABLE);
    open.add(socket);
    let relaying = false;
    // No Nagle on the hop to the API: a hub frame (a chat send) leaves at once, not after an ACK (ADR 0255).
    const upstream: Socket = connect({ host: hostname, port: Number(port || 80), noDelay: true });
    upstream.once('connect', () => {
      relaying = true;
      upstream.write(requestHead(req, req.socket.remoteAddress ?? ''));
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => {
      if (!relaying) refuse(socket, 503, 'Service Unavailable', API_UNAVAILABLE);
      else socket.destroy();
    });
    upstream.on('close', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => {
      open.delete(socket);
      upstream.destroy();
    });
  });
  app.addHook('onClose', async () => {
    for (const socket of open) socket.destroy();
  });
}
