import { describe, expect, it, vi } from 'vitest';
import { containerName, type RegistryDocument } from '@companion/contracts';
import { RemoteLoadError, RemoteLoader, type FederationRuntime } from './remote-loader.ts';

const lifecycles = { bootstrap: async () => {}, mount: async () => {}, unmount: async () => {} };
const registry: RegistryDocument = {
  schemaVersion: 1,
  remotes: {
    chat: {
      version: '1.2.0',
      manifest: '/remotes/chat/1.2.0/mf-manifest.json',
      integrity: 'sha384-a',
      contract: 1,
    },
    'create-character': {
      version: '1.0.0',
      manifest: '/remotes/create-character/1.0.0/mf-manifest.json',
      integrity: 'sha384-b',
      contract: 1,
    },
    gallery: {
      version: '9.0.0',
      manifest: '/remotes/gallery/9.0.0/mf-manifest.json',
      integrity: 'sha384-c',
      contract: 2,
    },
  },
};

const runtime = (load: FederationRuntime['loadRemote']): FederationRuntime & { registered: unknown[] } => {
  const registered: unknown[] = [];
  return { registered, registerRemotes: (remotes) => registered.push(...remotes), loadRemote: load };
};

describe('remote loader', () => {
  it('should register every registry entry under its container name with an absolute manifest URL', () => {
    const rt = runtime(vi.fn());
    const loader = new RemoteLoader(registry, rt, 'http://localhost:3000');
    expect(rt.registered).toContainEqual({
      name: 'create_character',
      entry: 'http://localhost:3000/remotes/create-character/1.0.0/mf-manifest.json',
    });
    expect(loader.integrity.get('http://localhost:3000/remotes/chat/1.2.0/mf-manifest.json')).toEqual({
      manifest: 'sha384-a',
    });
    expect(containerName('photo-generation')).toBe('photo_generation');
  });

  it('should load a remote once and share the promise between preload and mount', async () => {
    const load = vi.fn().mockResolvedValue({ default: lifecycles });
    const loader = new RemoteLoader(registry, runtime(load), 'http://x');
    loader.preload('chat');
    await expect(loader.load('chat')).resolves.toBe(lifecycles);
    expect(load).toHaveBeenCalledOnce();
    expect(load).toHaveBeenCalledWith('chat/lifecycles');
  });

  it('should refuse a remote built for another contract major without loading it', async () => {
    const load = vi.fn();
    const loader = new RemoteLoader(registry, runtime(load), 'http://x');
    await expect(loader.load('gallery')).rejects.toMatchObject({ code: 'REMOTE_CONTRACT_INCOMPATIBLE' });
    expect(load).not.toHaveBeenCalled();
  });

  it('should report a remote missing from the registry', async () => {
    const loader = new RemoteLoader(registry, runtime(vi.fn()), 'http://x');
    await expect(loader.load('funnels')).rejects.toMatchObject({ code: 'REMOTE_UNKNOWN' });
  });

  it('should forget a failed load so the next attempt retries', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('RUNTIME-008')).mockResolvedValueOnce(lifecycles);
    const loader = new RemoteLoader(registry, runtime(load), 'http://x');
    const failure = await loader.load('chat').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RemoteLoadError);
    expect(failure).toMatchObject({ code: 'REMOTE_LOAD_FAILED' });
    await expect(loader.load('chat')).resolves.toBe(lifecycles);
  });

  it('should classify an integrity failure and a module without lifecycles', async () => {
    const integrity = Object.assign(new Error('mismatch'), { name: 'IntegrityError' });
    const loader = new RemoteLoader(
      registry,
      runtime(vi.fn().mockRejectedValueOnce(integrity).mockResolvedValueOnce({ default: {} })),
      'http://x',
    );
    await expect(loader.load('chat')).rejects.toMatchObject({ code: 'REMOTE_INTEGRITY_MISMATCH' });
    await expect(loader.load('chat')).rejects.toMatchObject({ code: 'REMOTE_LOAD_FAILED' });
  });
});
