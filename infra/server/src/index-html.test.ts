import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Registry } from '@companion/registry';
import { createIndexRenderer } from './index-html.ts';

const HTML = `<!doctype html><html><head><title>x</title>
    <link rel="preload" href="/registry.json" as="fetch" crossorigin="anonymous" />
  </head><body></body></html>`;

async function fixture(registry: Registry, googleClientId?: string) {
  const root = await mkdtemp(path.join(tmpdir(), 'index-html-'));
  const shellDir = path.join(root, 'shell');
  const remotesDir = path.join(root, 'remotes');
  await mkdir(shellDir, { recursive: true });
  await mkdir(path.join(remotesDir, 'chat', '1.2.0'), { recursive: true });
  await writeFile(path.join(shellDir, 'index.html'), HTML);
  await writeFile(
    path.join(shellDir, 'routes.json'),
    JSON.stringify({
      schemaVersion: 1,
      routes: [
        { path: '/chat/:chatId', remote: 'chat' },
        { path: '/chat', remote: 'chat' },
      ],
    }),
  );
  await writeFile(
    path.join(remotesDir, 'chat', '1.2.0', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        {
          name: 'lifecycles',
          path: './lifecycles',
          assets: { js: { sync: ['expose.abc.js'] }, css: { sync: ['expose.abc.css'] } },
        },
      ],
    }),
  );
  return createIndexRenderer({ shellDir, remotesDir, googleClientId, readRegistry: async () => registry });
}

const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    chat: {
      version: '1.2.0',
      manifest: '/remotes/chat/1.2.0/mf-manifest.json',
      integrity: 'sha384-x',
      contract: 1,
    },
  },
};

describe('index.html renderer', () => {
  it('should inline the registry and preload the route remote files', async () => {
    const html = await (await fixture(registry))('/chat/42');
    expect(html).toContain(
      `<script id="registry" type="application/json">${JSON.stringify(registry)}</script>`,
    );
    expect(html).toContain(
      '<link rel="preload" href="/remotes/chat/1.2.0/mf-manifest.json" as="fetch" crossorigin="anonymous" />',
    );
    expect(html).toContain('<link rel="preload" href="/remotes/chat/1.2.0/remoteEntry.js" as="script" />');
    expect(html).toContain('<link rel="preload" href="/remotes/chat/1.2.0/expose.abc.js" as="script" />');
    expect(html).toContain('<link rel="preload" href="/remotes/chat/1.2.0/expose.abc.css" as="style" />');
    expect(html).not.toContain('href="/registry.json"');
  });

  it('should preload nothing for a path no remote owns, and escape the inlined JSON', async () => {
    const hostile: Registry = {
      schemaVersion: 1,
      remotes: { chat: { ...registry.remotes['chat']!, version: '</script><script>alert(1)</script>' } },
    };
    const html = await (await fixture(hostile))('/legal');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('\\u003c/script>');
    expect(html).not.toContain('rel="preload" href="/remotes');
  });

  it('should publish the Google client id only when one is configured', async () => {
    expect(await (await fixture(registry))('/')).not.toContain('google-signin-client_id');
    expect(await (await fixture(registry, 'abc"x.apps'))('/')).toContain(
      '<meta name="google-signin-client_id" content="abc&quot;x.apps" />',
    );
  });
});
