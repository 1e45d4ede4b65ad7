import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RegistryError } from './errors.ts';
import { openStore } from './store.ts';
import type { Store } from './store.ts';
import { tempDir, writeFakeBuild } from './testing/fake-remote.ts';
import type { Registry } from './types.ts';

let root: string;
let store: Store;

beforeEach(async () => {
  root = await tempDir('store');
  store = openStore(path.join(root, 'data'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function build(
  name: string,
  version: string,
  options?: Parameters<typeof writeFakeBuild>[3],
): Promise<string> {
  return writeFakeBuild(
    path.join(root, 'builds', `${name}-${version}-${Math.random()}`),
    name,
    version,
    options,
  );
}

async function publishAndDeploy(name: string, version: string): Promise<void> {
  await store.publish(name, await build(name, version));
  await store.setLive(name, version);
}

describe('publish', () => {
  it('should copy a build into its immutable version folder with precompressed siblings', async () => {
    const result = await store.publish('chat', await build('chat', '1.0.0'));
    expect(result).toMatchObject({
      name: 'chat',
      version: '1.0.0',
      created: true,
      files: 4,
      manifest: '/remotes/chat/1.0.0/mf-manifest.json',
    });
    expect(result.bytes).toBeGreaterThan(1024);
    const files = (await readdir(path.join(store.remotesDir, 'chat', '1.0.0'))).sort();
    expect(files).toContain('remoteEntry.js.gz');
    expect(files).toContain('remoteEntry.js.br');
    // Small files are not worth a compressed copy.
    expect(files).not.toContain('mf-manifest.json.gz');
    // No staging folder is left behind.
    expect(await readdir(path.join(store.remotesDir, 'chat'))).toEqual(['1.0.0']);
  });

  it('should treat an identical republish as a no-op even when builtAt differs', async () => {
    await store.publish('chat', await build('chat', '1.0.0', { builtAt: '2026-01-01T00:00:00.000Z' }));
    const again = await store.publish(
      'chat',
      await build('chat', '1.0.0', { builtAt: '2026-02-02T00:00:00.000Z' }),
    );
    expect(again).toMatchObject({ created: false, files: 0, bytes: 0 });
  });

  it('should refuse different content under an existing version and leave the stored one untouched', async () => {
    await store.publish('chat', await build('chat', '1.0.0', { code: 'old()' }));
    const before = await readFile(path.join(store.remotesDir, 'chat', '1.0.0', 'remoteEntry.js'), 'utf8');
    const attempt = store.publish('chat', await build('chat', '1.0.0', { code: 'new()' }));
    await expect(attempt).rejects.toThrow(/already published with different content.*bump the version/);
    await expect(attempt).rejects.toMatchObject({ code: 'version_conflict' });
    expect(await readFile(path.join(store.remotesDir, 'chat', '1.0.0', 'remoteEntry.js'), 'utf8')).toBe(
      before,
    );
  });

  it('should reject a missing folder, a build without manifest and a build of another remote', async () => {
    await expect(store.publish('chat', path.join(root, 'nope'))).rejects.toMatchObject({
      code: 'missing_build',
    });
    const noManifest = await build('chat', '1.0.0');
    await rm(path.join(noManifest, 'mf-manifest.json'));
    await expect(store.publish('chat', noManifest)).rejects.toMatchObject({ code: 'invalid_build' });
    await expect(store.publish('chat', await build('gallery', '1.0.0'))).rejects.toThrow(
      /build of 'gallery', not 'chat'/,
    );
    await expect(store.publish('../etc', await build('chat', '1.0.0'))).rejects.toMatchObject({
      code: 'invalid_name',
    });
  });

  it('should give concurrent publishes of the same version one folder', async () => {
    const dir = await build('chat', '2.0.0');
    const results = await Promise.all([
      store.publish('chat', dir),
      store.publish('chat', dir),
      store.publish('chat', dir),
    ]);
    expect(results.filter((result) => result.created).length).toBeGreaterThanOrEqual(1);
    expect(await readdir(path.join(store.remotesDir, 'chat'))).toEqual(['2.0.0']);
  });
});

describe('setLive', () => {
  it('should write the registry in the architecture shape with the manifest integrity', async () => {
    await store.publish('checkout', await build('checkout', '1.4.2', { contract: '1.3.0' }));
    const flip = await store.setLive('checkout', '1.4.2');
    expect(flip).toMatchObject({ changed: true, from: null, to: '1.4.2', action: 'deploy' });
    const manifest = await readFile(path.join(store.remotesDir, 'checkout', '1.4.2', 'mf-manifest.json'));
    const entry = await readFile(path.join(store.remotesDir, 'checkout', '1.4.2', 'remoteEntry.js'));
    const onDisk = JSON.parse(await readFile(store.registryFile, 'utf8')) as Registry;
    expect(onDisk).toEqual({
      schemaVersion: 1,
      remotes: {
        checkout: {
          version: '1.4.2',
          manifest: '/remotes/checkout/1.4.2/mf-manifest.json',
          integrity: `sha384-${createHash('sha384').update(manifest).digest('base64')}`,
          contract: 1,
          entryIntegrity: `sha384-${createHash('sha384').update(entry).digest('base64')}`,
        },
      },
    });
    expect(await store.history('checkout')).toEqual([
      { at: expect.any(String), remote: 'checkout', action: 'deploy', from: null, to: '1.4.2' },
    ]);
  });

  it('should refuse a version that is not in the store', async () => {
    await expect(store.setLive('chat', '9.9.9')).rejects.toThrow(/chat 9\.9\.9 is not in the store/);
    await expect(store.setLive('chat', 'latest')).rejects.toMatchObject({ code: 'invalid_version' });
  });

  it('should not append history when the version is already live', async () => {
    await publishAndDeploy('chat', '1.0.0');
    const again = await store.setLive('chat', '1.0.0');
    expect(again.changed).toBe(false);
    expect(await store.history('chat')).toHaveLength(1);
  });

  it('should never let a reader see a partial registry while flipping', async () => {
    for (const version of ['1.0.0', '1.0.1']) await store.publish('chat', await build('chat', version));
    await store.setLive('chat', '1.0.0');
    let flipping = true;
    let reads = 0;
    const reader = (async () => {
      while (flipping) {
        const text = await readFile(store.registryFile, 'utf8');
        const parsed = JSON.parse(text) as Registry;
        expect(['1.0.0', '1.0.1']).toContain(parsed.remotes['chat']?.version);
        reads += 1;
      }
    })();
    for (let i = 0; i < 30; i += 1) await store.setLive('chat', i % 2 === 0 ? '1.0.1' : '1.0.0');
    flipping = false;
    await reader;
    expect(reads).toBeGreaterThan(0);
    // Temp files never linger beside the registry.
    expect((await readdir(store.dataDir)).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  it('should serialise concurrent deploys so none is lost', async () => {
    const names = ['chat', 'gallery', 'explore', 'checkout', 'funnels', 'create-character'];
    for (const name of names) await store.publish(name, await build(name, '1.0.0'));
    await Promise.all(names.map((name) => store.setLive(name, '1.0.0')));
    const registry = await store.readRegistry();
    expect(Object.keys(registry.remotes).sort()).toEqual([...names].sort());
    expect((await store.history()).map((record) => record.remote).sort()).toEqual([...names].sort());
  });
});

describe('setLive across processes', () => {
  it('should keep every deploy when two processes deploy at once', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const tsx = path.resolve(here, '../../../node_modules/.bin/tsx');
    const worker = path.join(here, 'testing', 'set-live-worker.ts');
    const first = ['a1', 'a2', 'a3', 'a4', 'a5'];
    const second = ['b1', 'b2', 'b3', 'b4', 'b5'];
    for (const name of [...first, ...second]) await store.publish(name, await build(name, '1.0.0'));
    const run = promisify(execFile);
    await Promise.all([
      run(tsx, [worker, store.dataDir, '1.0.0', ...first]),
      run(tsx, [worker, store.dataDir, '1.0.0', ...second]),
    ]);
    expect(Object.keys((await store.readRegistry()).remotes).sort()).toEqual([...first, ...second]);
    expect(await store.history()).toHaveLength(10);
  });
});

describe('rollback', () => {
  beforeEach(async () => {
    await publishAndDeploy('chat', '1.0.0');
    await publishAndDeploy('chat', '1.1.0');
    await publishAndDeploy('chat', '1.2.0');
  });

  it('should go back to the version live before the current one by default', async () => {
    const flip = await store.rollback('chat');
    expect(flip).toMatchObject({ action: 'rollback', from: '1.2.0', to: '1.1.0', changed: true });
    expect((await store.readRegistry()).remotes['chat']?.version).toBe('1.1.0');
    expect((await store.history('chat')).at(-1)).toMatchObject({
      action: 'rollback',
      from: '1.2.0',
      to: '1.1.0',
    });
  });

  it('should toggle back on a second default rollback, like the version live before it', async () => {
    await store.rollback('chat');
    expect((await store.rollback('chat')).to).toBe('1.2.0');
  });

  it('should go to an explicit stored version with to', async () => {
    expect((await store.rollback('chat', '1.0.0')).to).toBe('1.0.0');
    expect((await store.rollback('chat')).to).toBe('1.2.0');
  });

  it('should refuse a version that is not stored and leave the pointer alone', async () => {
    await expect(store.rollback('chat', '0.9.0')).rejects.toThrow(/stored: 1\.2\.0, 1\.1\.0, 1\.0\.0/);
    expect((await store.readRegistry()).remotes['chat']?.version).toBe('1.2.0');
  });

  it('should explain when there is nothing earlier to roll back to', async () => {
    await publishAndDeploy('gallery', '1.0.0');
    await expect(store.rollback('gallery')).rejects.toMatchObject({ code: 'no_previous_version' });
    await expect(store.rollback('funnels')).rejects.toBeInstanceOf(RegistryError);
  });
});

describe('readRegistry and history', () => {
  it('should return an empty registry for a fresh data folder', async () => {
    expect(await store.readRegistry()).toEqual({ schemaVersion: 1, remotes: {} });
    expect(await store.history()).toEqual([]);
  });

  it('should reject a registry file of another shape', async () => {
    await publishAndDeploy('chat', '1.0.0');
    await writeFile(store.registryFile, '{"remotes":{}}');
    await expect(store.readRegistry()).rejects.toMatchObject({ code: 'corrupt_registry' });
  });

  it('should skip a torn last history line', async () => {
    await publishAndDeploy('chat', '1.0.0');
    await writeFile(store.historyFile, `${await readFile(store.historyFile, 'utf8')}{"at":"2026`, 'utf8');
    expect(await store.history('chat')).toHaveLength(1);
  });
});
