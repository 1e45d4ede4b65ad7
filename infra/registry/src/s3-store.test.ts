import { rm } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from './bootstrap.ts';
import { runCli } from './commands.ts';
import { RegistryError } from './errors.ts';
import { exists } from './files.ts';
import { openS3Store } from './s3-store.ts';
import type { RemoteStore } from './remote-store.ts';
import { openConfiguredStore } from './store-config.ts';
import { tempDir, writeFakeBuild, writeFakeRepo } from './testing/fake-remote.ts';
import { startTestS3 } from './testing/s3-server.ts';
import type { TestS3 } from './testing/s3-server.ts';

// s3rver is started once; when it cannot start the whole suite is reported as skipped (never passed).
const s3: TestS3 | null = await startTestS3();

let root: string;
let store: RemoteStore;
let prefix: string;

function build(name: string, version: string, code?: string): Promise<string> {
  return writeFakeBuild(path.join(root, 'builds', `${name}-${version}-${Math.random()}`), name, version, {
    ...(code ? { code } : {}),
  });
}

async function objectText(key: string): Promise<string> {
  const answer = await s3!.client.send(new GetObjectCommand({ Bucket: s3!.bucket, Key: key }));
  return answer.Body!.transformToString();
}

describe.skipIf(!s3)('remote store on an S3-compatible bucket (s3rver)', () => {
  afterAll(async () => {
    await s3?.close();
  });
  beforeEach(async () => {
    root = await tempDir('s3store');
    // One prefix per test: each starts from an empty store in the same bucket.
    prefix = `t-${Math.random().toString(36).slice(2)}/`;
    store = openS3Store({ bucket: s3!.bucket, prefix, client: s3!.client });
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('should upload a build under its version with precompressed siblings, immutable caching and the manifest last', async () => {
    const result = await store.publish('chat', await build('chat', '1.0.0'));
    expect(result).toMatchObject({ name: 'chat', version: '1.0.0', created: true, files: 4 });
    const head = await s3!.client.send(
      new HeadObjectCommand({ Bucket: s3!.bucket, Key: `${prefix}remotes/chat/1.0.0/remoteEntry.js.br` }),
    );
    expect(head.ContentType).toBe('application/javascript; charset=utf-8');
    expect(head.ContentEncoding).toBe('br');
    expect(head.CacheControl).toBe('public, max-age=31536000, immutable');
    const br = await store.readRemoteFile('chat', '1.0.0', 'remoteEntry.js.br');
    const plain = await store.readRemoteFile('chat', '1.0.0', 'remoteEntry.js');
    expect(brotliDecompressSync(br!).equals(plain!)).toBe(true);
    expect(await store.versions('chat')).toEqual(['1.0.0']);
  });

  it('should treat an identical republish as a no-op and refuse different code under the same version', async () => {
    await store.publish('chat', await build('chat', '1.0.0', 'a()'));
    expect((await store.publish('chat', await build('chat', '1.0.0', 'a()'))).created).toBe(false);
    const conflict = await store
      .publish('chat', await build('chat', '1.0.0', 'b()'))
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(RegistryError);
    expect((conflict as RegistryError).code).toBe('version_conflict');
  });

  it('should flip the registry, keep a history and roll back like the folder store', async () => {
    await store.publish('chat', await build('chat', '1.0.0'));
    await store.publish('chat', await build('chat', '1.1.0'));
    expect((await store.setLive('chat', '1.0.0')).changed).toBe(true);
    expect((await store.setLive('chat', '1.1.0')).from).toBe('1.0.0');
    expect((await store.readRegistry()).remotes['chat']?.version).toBe('1.1.0');
    const rolled = await store.rollback('chat');
    expect(rolled).toMatchObject({ action: 'rollback', from: '1.1.0', to: '1.0.0', changed: true });
    // The bucket's registry.json is the document the shell reads, with the manifest's integrity.
    const text = await objectText(`${prefix}registry.json`);
    expect(JSON.parse(text).remotes.chat.version).toBe('1.0.0');
    expect(text).toBe(await store.readRegistryText());
    expect((await store.history('chat')).map((r) => `${r.action} ${r.from}→${r.to}`)).toEqual([
      'deploy null→1.0.0',
      'deploy 1.0.0→1.1.0',
      'rollback 1.1.0→1.0.0',
    ]);
    expect((await store.setLiveIfAbsent('chat', '1.1.0')).changed).toBe(false);
  });

  it('should refuse a version that is not stored and files outside a version', async () => {
    const error = await store.setLive('chat', '9.9.9').catch((e: unknown) => e);
    expect((error as RegistryError).code).toBe('unknown_version');
    await expect(store.readRemoteFile('chat', '1.0.0', '../registry.json')).rejects.toThrow(RegistryError);
    expect(await store.readRemoteFile('chat', '1.0.0', 'remoteEntry.js')).toBeNull();
    expect(await store.readRegistryText()).toBe(JSON.stringify({ schemaVersion: 1, remotes: {} }));
  });

  it('should run the CLI and bootstrap against the bucket through the configuration switch', async () => {
    const repo = await writeFakeRepo(path.join(root, 'repo'), { chat: '1.0.0', checkout: '1.4.1' });
    await writeFakeBuild(path.join(repo, 'remotes', 'chat', 'dist', '1.0.0'), 'chat', '1.0.0');
    const env = {
      REMOTE_STORE: 's3',
      S3_BUCKET: s3!.bucket,
      S3_PREFIX: prefix,
      S3_ENDPOINT: s3!.endpoint,
      AWS_ACCESS_KEY_ID: s3!.credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3!.credentials.secretAccessKey,
    };
    const saved = { ...process.env };
    Object.assign(process.env, env);
    let configured: RemoteStore;
    try {
      configured = openConfiguredStore(process.env, path.join(root, 'unused'));
      expect(configured.location).toBe(`s3://${s3!.bucket}/${prefix}`);
      const outcomes = await bootstrap(repo, { store: configured });
      expect(outcomes.find((o) => o.remote === 'chat')?.status).toBe('deployed');
      const out: string[] = [];
      const err: string[] = [];
      const context = {
        repoRoot: repo,
        dataDir: path.join(root, 'unused'),
        store: configured,
        out: (line: string) => out.push(line),
        err: (line: string) => err.push(line),
        build: async (_pkg: unknown, version: string) => {
          await writeFakeBuild(path.join(repo, 'remotes', 'checkout', 'dist', version), 'checkout', version);
        },
        smoke: async () => [],
      };
      expect(await runCli(['deploy', 'checkout'], context)).toBe(0);
      expect(out[0]).toBe('deploy checkout: (none) → 1.4.1');
      out.length = 0;
      expect(await runCli(['status'], context)).toBe(0);
      expect(out.join('\n')).toMatch(/chat\s+live 1\.0\.0/);
      expect(out.join('\n')).toMatch(/checkout\s+live 1\.4\.1/);
    } finally {
      process.env = saved;
    }
    // Nothing landed in a local folder: the bucket is the store.
    expect(await exists(path.join(root, 'unused'))).toBe(false);
  });

  it('should refuse an unknown REMOTE_STORE and a bucket-less s3 configuration', () => {
    expect(() => openConfiguredStore({ REMOTE_STORE: 'ftp' }, root)).toThrow(/'folder' or 's3'/);
    expect(() => openConfiguredStore({ REMOTE_STORE: 's3' }, root)).toThrow(/S3_BUCKET/);
    expect(openConfiguredStore({}, root).kind).toBe('folder');
  });
});
