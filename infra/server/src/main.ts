import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir, openConfiguredStore } from '@companion/registry';
import { createOriginServer } from './origin-server.ts';

// Runs the origin server alone (the API is expected at API_URL); `start.ts` is the whole product.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const port = Number(process.env['PORT'] ?? 3000);
const host = process.env['HOST'] ?? '0.0.0.0';

const dataDir = defaultDataDir(repoRoot);
const app = await createOriginServer({
  dataDir,
  store: openConfiguredStore(process.env, dataDir),
  shellDir: path.resolve(process.env['SHELL_DIR'] ?? path.join(repoRoot, 'shell', 'dist')),
  apiUrl: process.env['API_URL'] ?? `http://127.0.0.1:${process.env['API_PORT'] ?? 3001}`,
});
await app.listen({ port, host });
process.stdout.write(`Origin listening on http://localhost:${port}\n`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
