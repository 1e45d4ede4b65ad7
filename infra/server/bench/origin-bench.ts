import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { openStore } from '@companion/registry';
import { tempDir, writeFakeBuild } from '@companion/registry/testing';
import { createOriginServer } from '../src/origin-server.ts';
import { writeShell } from '../src/testing/origin-fixtures.ts';

// Prints requests/s of the origin's static paths on this machine: `pnpm exec tsx infra/server/bench/origin-bench.ts`.
const root = await tempDir('origin-bench');
const dataDir = path.join(root, 'data');
const shellDir = await writeShell(root, `<!doctype html>${'<meta name="x">'.repeat(30)}`);
const store = openStore(dataDir);
await store.publish('chat', await writeFakeBuild(path.join(root, 'build'), 'chat', '1.0.0'));
await store.setLive('chat', '1.0.0');
const app = await createOriginServer({ dataDir, shellDir });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

async function bench(label: string, url: string, headers: Record<string, string>): Promise<void> {
  const total = 2_000;
  const concurrency = 16;
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        const response = await fetch(`${base}${url}`, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${label.padEnd(38)} ${(total / seconds).toFixed(0)} req/s (${total} requests, ${concurrency} concurrent)`,
  );
}

await bench('GET /registry.json', '/registry.json', {});
await bench('GET /remotes/…/remoteEntry.js (gzip)', '/remotes/chat/1.0.0/remoteEntry.js', {
  'accept-encoding': 'gzip',
});
await bench('GET /chat/42 (history fallback)', '/chat/42', { accept: 'text/html' });
await app.close();
await rm(root, { recursive: true, force: true });
