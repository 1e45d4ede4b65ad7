import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap } from './bootstrap.ts';
import { openStore } from './store.ts';
import { tempDir, writeFakeBuild, writeFakeRepo } from './testing/fake-remote.ts';

let repo: string;
let dataDir: string;

beforeEach(async () => {
  repo = await writeFakeRepo(await tempDir('bootstrap'), {
    chat: '1.0.0',
    gallery: '2.1.0',
    funnels: '1.0.0',
  });
  dataDir = path.join(repo, '.data');
  await writeFakeBuild(path.join(repo, 'remotes', 'chat', 'dist', '1.0.0'), 'chat', '1.0.0');
  await writeFakeBuild(path.join(repo, 'remotes', 'gallery', 'dist', '2.1.0'), 'gallery', '2.1.0');
});
afterEach(async () => {
  await rm(repo, { recursive: true, force: true });
});

describe('bootstrap', () => {
  it('should publish and point every built remote that has no entry, and report the unbuilt ones', async () => {
    const outcomes = await bootstrap(repo, { dataDir });
    expect(outcomes).toEqual([
      { remote: 'chat', status: 'deployed', version: '1.0.0' },
      {
        remote: 'funnels',
        status: 'missing',
        version: '1.0.0',
        message: expect.stringContaining('no build at'),
      },
      { remote: 'gallery', status: 'deployed', version: '2.1.0' },
    ]);
    const registry = await openStore(dataDir).readRegistry();
    expect(Object.keys(registry.remotes).sort()).toEqual(['chat', 'gallery']);
  });

  it('should never move an existing pointer, so a rollback survives a restart', async () => {
    await bootstrap(repo, { dataDir });
    const store = openStore(dataDir);
    await store.publish(
      'chat',
      await writeFakeBuild(path.join(repo, 'remotes', 'chat', 'dist', '1.1.0'), 'chat', '1.1.0'),
    );
    await store.setLive('chat', '1.1.0');
    await store.rollback('chat');
    await store.rollback('chat', '1.1.0');
    await store.rollback('chat');
    const before = await store.history();

    const outcomes = await bootstrap(repo, { dataDir });
    expect(outcomes.find((outcome) => outcome.remote === 'chat')).toEqual({
      remote: 'chat',
      status: 'kept',
      version: '1.0.0',
    });
    expect((await store.readRegistry()).remotes['chat']?.version).toBe('1.0.0');
    expect(await store.history()).toEqual(before);
  });

  it('should warn when the build of the live version was rebuilt with different code', async () => {
    await bootstrap(repo, { dataDir });
    await writeFakeBuild(path.join(repo, 'remotes', 'chat', 'dist', '1.0.0'), 'chat', '1.0.0', {
      code: 'edited()',
    });
    const outcomes = await bootstrap(repo, { dataDir });
    expect(outcomes.find((outcome) => outcome.remote === 'chat')).toMatchObject({
      status: 'kept',
      version: '1.0.0',
      message: expect.stringContaining('pnpm remote deploy chat --version <next>'),
    });
    expect(outcomes.find((outcome) => outcome.remote === 'gallery')?.message).toBeUndefined();
  });

  it('should say when a newer build than the live version exists, without deploying it', async () => {
    await bootstrap(repo, { dataDir });
    repo = await writeFakeRepo(repo, { chat: '1.0.1', gallery: '2.1.0', funnels: '1.0.0' });
    await writeFakeBuild(path.join(repo, 'remotes', 'chat', 'dist', '1.0.1'), 'chat', '1.0.1');
    const outcomes = await bootstrap(repo, { dataDir });
    expect(outcomes.find((outcome) => outcome.remote === 'chat')).toEqual({
      remote: 'chat',
      status: 'kept',
      version: '1.0.0',
      message: 'chat 1.0.1 is built but 1.0.0 is live; to serve it: pnpm remote deploy chat --no-build',
    });
    expect((await openStore(dataDir).readRegistry()).remotes['chat']?.version).toBe('1.0.0');
  });

  it('should report a conflicting build without stopping the others', async () => {
    const store = openStore(dataDir);
    await store.publish(
      'chat',
      await writeFakeBuild(path.join(repo, 'other-chat'), 'chat', '1.0.0', { code: 'different()' }),
    );
    const outcomes = await bootstrap(repo, { dataDir });
    expect(outcomes.find((outcome) => outcome.remote === 'chat')).toMatchObject({
      status: 'failed',
      message: expect.stringContaining('bump the version'),
    });
    expect(outcomes.find((outcome) => outcome.remote === 'gallery')?.status).toBe('deployed');
  });
});
