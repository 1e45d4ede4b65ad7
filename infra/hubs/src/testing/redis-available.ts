import { createConnection } from 'node:net';

/** Whether a Redis answers PING at `host:port` within 500 ms: tests that need one run, or report as skipped. */
export async function redisAnswers(host = '127.0.0.1', port = 6379): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
