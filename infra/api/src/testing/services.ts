// Whether the services the scale-out suites need answer: a suite that needs one runs when it answers and is reported
// skipped when it does not (never passed). The API's own suites and the origin's multi-instance suite ask here.
import net from 'node:net';

export { redisAnswers } from '@companion/hubs/testing/redis-available';

/** PostgreSQL used by the second run of each suite (override with TEST_DATABASE_URL). */
export const TEST_PG_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

/** True when something answers on the test PostgreSQL's host and port (checked once per file). */
export async function postgresAvailable(url: string = TEST_PG_URL): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
