import { describe, expect, it, vi } from 'vitest';
import { RegistryError, fetchRegistry, loadRegistry, parseRegistry } from './registry.ts';

const entry = {
  version: '1.0.0',
  manifest: '/remotes/chat/1.0.0/mf-manifest.json',
  integrity: 'sha384-x',
  contract: 1,
};

describe('registry', () => {
  it('should keep well-formed entries and drop malformed ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const registry = parseRegistry({ schemaVersion: 1, remotes: { chat: entry, gallery: { version: 1 } } });
    expect(registry.remotes).toEqual({ chat: entry });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('should refuse an unknown schema', () => {
    expect(() => parseRegistry({ schemaVersion: 2, remotes: {} })).toThrow(RegistryError);
    expect(() => parseRegistry(null)).toThrow(RegistryError);
  });

  it('should retry a network failure once', async () => {
    const fetchImpl = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('network'))
      .mockResolvedValueOnce(new Response(JSON.stringify({ schemaVersion: 1, remotes: { chat: entry } })));
    await expect(fetchRegistry(fetchImpl)).resolves.toEqual({ schemaVersion: 1, remotes: { chat: entry } });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('should fail on an HTTP error without retrying', async () => {
    const fetchImpl = vi.fn().mockResolvedValue(new Response('nope', { status: 500 }));
    await expect(fetchRegistry(fetchImpl)).rejects.toThrow('registry.json answered 500');
    expect(fetchImpl).toHaveBeenCalledOnce();
  });

  it('should use the copy inlined in the page and fetch only without one', async () => {
    const doc = document.implementation.createHTMLDocument();
    const fetchImpl = vi
      .fn()
      .mockResolvedValue(new Response(JSON.stringify({ schemaVersion: 1, remotes: {} })));
    await expect(loadRegistry(doc, fetchImpl)).resolves.toEqual({ schemaVersion: 1, remotes: {} });
    expect(fetchImpl).toHaveBeenCalledOnce();
    const script = doc.createElement('script');
    script.id = 'registry';
    script.textContent = JSON.stringify({ schemaVersion: 1, remotes: { chat: entry } });
    doc.head.append(script);
    await expect(loadRegistry(doc, fetchImpl)).resolves.toEqual({
      schemaVersion: 1,
      remotes: { chat: entry },
    });
    expect(fetchImpl).toHaveBeenCalledOnce();
  });
});
