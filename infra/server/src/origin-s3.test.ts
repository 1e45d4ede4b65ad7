import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { openS3Store } from '@companion/registry';
import type { RemoteStore } from '@companion/registry';
import { tempDir, writeFakeBuild } from '@companion/registry/testing';
import { startTestS3 } from '@companion/registry/testing/s3';
import type { TestS3 } from '@companion/registry/testing/s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOriginServer } from './origin-server.ts';
import { injectEncoded, writeShell } from './testing/origin-fixtures.ts';

// Two origins on one bucket (ADR 0190); skipped, never passed, when s3rver cannot start.
const s3: TestS3 | null = await startTestS3('companion-origin');

let root: string;
let store: RemoteStore;
let origins: FastifyInstance[] = [];

describe.skipIf(!s3)('origin on a bucket store (s3rver)', () => {
  beforeAll(async () => {
    root = await tempDir('origin-s3');
    const shellDir = await writeShell(root, '<!doctype html><title>shell</title>');
    store = openS3Store({ bucket: s3!.bucket, client: s3!.client });
    await store.publish(
      'chat',
      await writeFakeBuild(path.join(root, 'b1'), 'chat', '1.0.0', { code: 'v1()' }),
    );
    await store.publish(
      'chat',
      await writeFakeBuild(path.join(root, 'b2'), 'chat', '1.1.0', { code: 'v2()' }),
    );
    await store.setLive('chat', '1.0.0');
    // Each origin has its own (empty) data folder: everything it serves of the remotes comes from the bucket.
    origins = await Promise.all(
      ['a', 'b'].map((name) =>
        createOriginServer({
          dataDir: path.join(root, `data-${name}`),
          shellDir,
          store,
          registryCacheMs: 0,
          apiUrl: 'http://127.0.0.1:9',
        }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(origins.map((app) => app.close()));
    await rm(root, { recursive: true, force: true });
    await s3?.close();
  });

  it('should serve the same registry from every origin and show a rollback on the next read', async () => {
    for (const app of origins) {
      const answer = await app.inject({ url: '/registry.json' });
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.json().remotes.chat.version).toBe('1.0.0');
    }
    await store.setLive('chat', '1.1.0');
    for (const app of origins)
      expect((await app.inject({ url: '/registry.json' })).json().remotes.chat.version).toBe('1.1.0');
    await store.rollback('chat');
    for (const app of origins)
      expect((await app.inject({ url: '/registry.json' })).json().remotes.chat.version).toBe('1.0.0');
    for (const name of ['a', 'b'])
      expect(await readdir(path.join(root, `data-${name}`, 'remotes'))).toEqual([]);
  });

  it('should serve stored files from the bucket, precompressed when accepted, immutable, with integrity intact', async () => {
    const [a, b] = origins as [FastifyInstance, FastifyInstance];
    const br = await injectEncoded(a, '/remotes/chat/1.1.0/remoteEntry.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('application/javascript; charset=utf-8');
    const plain = await injectEncoded(b, '/remotes/chat/1.1.0/remoteEntry.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.body).toContain('v2()');
    const manifest = await injectEncoded(a, '/remotes/chat/1.0.0/mf-manifest.json', 'identity');
    const { createHash } = await import('node:crypto');
    const integrity = `sha384-${createHash('sha384').update(manifest.rawPayload).digest('base64')}`;
    expect((await store.readRegistry()).remotes['chat']?.integrity).toBe(integrity);
  });

  it('should answer 404 JSON for missing files, unknown versions and dot or dot-dot paths', async () => {
    const app = origins[0]!;
    for (const url of [
      '/remotes/chat/1.0.0/missing.js',
      '/remotes/chat/9.9.9/mf-manifest.json',
      '/remotes/chat/1.0.0/.secret',
      '/remotes/chat/1.0.0/%2e%2e/%2e%2e/registry.json',
      '/remotes/Chat/1.0.0/mf-manifest.json',
    ]) {
      const answer = await app.inject({ url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.json().error.code, url).toBe('not_found');
    }
  });
});
