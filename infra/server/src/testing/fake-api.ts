import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';

/** A stand-in for infra/api: echoes requests, holds long polls and echoes WebSocket messages. */
export interface FakeApi {
  url: string;
  server: Server;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => resolve(body));
  });
}

/** Starts the fake API on a free port. `/hubs/<hub>/poll?holdMs=n` answers after n ms. */
export async function startFakeApi(): Promise<FakeApi> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const body = await readBody(request);
    if (url.pathname.endsWith('/poll')) {
      const hold = Number(url.searchParams.get('holdMs') ?? 0);
      const timer = setTimeout(() => {
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ polled: true, hold }));
      }, hold);
      request.on('close', () => clearTimeout(timer));
      return;
    }
    if (url.pathname === '/api/gone') {
      response
        .writeHead(410, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { code: 'gone', message: 'deleted' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'fake-api' });
    response.end(
      JSON.stringify({ method: request.method, url: request.url, headers: request.headers, body }),
    );
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket, request) => {
    socket.send(`hello ${request.url}`);
    socket.on('message', (data) =>
      socket.send(
        data.toString() === 'headers?'
          ? JSON.stringify({
              origin: request.headers.origin ?? null,
              host: request.headers['x-forwarded-host'] ?? null,
            })
          : `echo ${data.toString()}`,
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: async () => {
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port that nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
