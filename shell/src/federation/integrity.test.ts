// @vitest-environment node
// Node's own fetch/crypto realm (jsdom's ArrayBuffer is not WebCrypto's); the DOM bits are stubbed below.
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryUrlOf, integrityPlugin } from './integrity.ts';

const sri = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const MANIFEST_URL = 'http://localhost:3000/remotes/chat/1.2.0/mf-manifest.json';
const manifest = JSON.stringify({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  integrity: { 'remoteEntry.js': 'sha384-built', '__federation_expose_lifecycles.1a2b.js': 'sha384-chunk' },
});

type Hooks = {
  fetch: (url: string, init: RequestInit) => Promise<Response> | undefined;
  createScript: (args: { url: string }) => { script: HTMLScriptElement } | undefined;
  createLink: (args: { url: string; attrs: Record<string, string> }) => { link: HTMLLinkElement } | undefined;
};

function plugin(expected: Map<string, string | { manifest: string; entry?: string }>): Hooks {
  return integrityPlugin(() => expected) as unknown as Hooks;
}

beforeEach(() => {
  vi.stubGlobal('location', { href: 'http://localhost:3000/gallery' });
  vi.stubGlobal('document', { createElement: () => ({}) as HTMLScriptElement });
});
afterEach(() => vi.unstubAllGlobals());

describe('integrity plugin', () => {
  it('should find the entry a manifest names, relative to the manifest', () => {
    expect(entryUrlOf(MANIFEST_URL, JSON.parse(manifest))).toBe(
      'http://localhost:3000/remotes/chat/1.2.0/remoteEntry.js',
    );
    expect(entryUrlOf(MANIFEST_URL, { metaData: { remoteEntry: { name: 'e.js', path: 'static/' } } })).toBe(
      'http://localhost:3000/remotes/chat/1.2.0/static/e.js',
    );
    expect(entryUrlOf(MANIFEST_URL, { metaData: {} })).toBeNull();
  });

  it('should refuse a manifest whose bytes differ from the registry (fail closed)', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(`${manifest} `)));
    const hooks = plugin(new Map([[MANIFEST_URL, { manifest: sri(manifest), entry: 'sha384-e' }]]));
    await expect(hooks.fetch(MANIFEST_URL, {})).rejects.toMatchObject({ name: 'IntegrityError' });
    expect(hooks.createScript({ url: 'http://localhost:3000/remotes/chat/1.2.0/remoteEntry.js' })).toBe(
      undefined,
    );
  });

  it('should load the entry of a verified manifest with the registry entry integrity', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(manifest)));
    const hooks = plugin(new Map([[MANIFEST_URL, { manifest: sri(manifest), entry: 'sha384-entry' }]]));
    await expect(hooks.fetch(MANIFEST_URL, {})).resolves.toBeInstanceOf(Response);
    const made = hooks.createScript({ url: 'http://localhost:3000/remotes/chat/1.2.0/remoteEntry.js' });
    expect(made?.script.integrity).toBe('sha384-entry');
    expect(made?.script.crossOrigin).toBe('anonymous');
    // The manifest pins the exposed chunks (and stylesheets) the runtime loads from it.
    const chunk = hooks.createScript({
      url: 'http://localhost:3000/remotes/chat/1.2.0/__federation_expose_lifecycles.1a2b.js',
    });
    expect(chunk?.script.integrity).toBe('sha384-chunk');
    expect(
      hooks.createLink({
        url: 'http://localhost:3000/remotes/chat/1.2.0/x.css',
        attrs: { rel: 'stylesheet' },
      }),
    ).toBeUndefined();
    // Scripts the registry does not pin are left to the runtime.
    expect(hooks.createScript({ url: 'http://localhost:3000/other.js' })).toBeUndefined();
    expect(hooks.fetch('http://localhost:3000/not-pinned.json', {})).toBeUndefined();
  });
});
