import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { REPO_ROOT } from '../support/env.ts';
import { THROWING_REMOTE_DIR, THROWING_VERSION } from '../support/fixtures.ts';
import { hashTree, publishAndFlip, readLiveRegistry, remoteCli } from '../support/registry.ts';
import { signInRegistered } from '../support/sign-in.ts';

/** One route of each remote. */
const ROUTES: { remote: string; path: string; heading: string }[] = [
  { remote: 'explore', path: '/', heading: 'Explore' },
  { remote: 'chat', path: '/chat', heading: 'Chat' },
  { remote: 'create-character', path: '/create-character', heading: 'Create Character' },
  { remote: 'gallery', path: '/gallery', heading: 'Gallery' },
  { remote: 'photo-generation', path: '/ai-girlfriend-generator', heading: 'Photo Generation' },
  { remote: 'checkout', path: '/pricing', heading: 'Pricing' },
  { remote: 'funnels', path: '/quiz-vip', heading: 'Your private AI companion' },
];

// The remote's own root in the shell's outlet: not the server's copy of it, on view until the remote hydrates it.
const liveRemote = (page: Page, remote: string) =>
  page.locator(`[data-remote-outlet="${remote}"] [data-remote="${remote}"]`);

const remotePage = (page: Page, remote: string) => liveRemote(page, remote).getByTestId('remote-page');

test.describe('federated remotes', () => {
  for (const route of ROUTES) {
    test(`should render ${route.remote} at ${route.path} from its version folder`, async ({ page }) => {
      const version = readLiveRegistry().remotes[route.remote]?.version;
      expect(version).toBeTruthy();
      const remoteFiles: string[] = [];
      page.on('response', (response) => {
        const url = new URL(response.url());
        if (url.pathname.startsWith(`/remotes/${route.remote}/`) && response.ok())
          remoteFiles.push(url.pathname);
      });
      await page.goto(route.path);
      await expect(remotePage(page, route.remote).getByRole('heading', { level: 1 })).toHaveText(
        route.heading,
      );
      await expect(liveRemote(page, route.remote)).toHaveAttribute('data-build-version', version!);
      expect(remoteFiles).toContain(`/remotes/${route.remote}/${version}/mf-manifest.json`);
      expect(remoteFiles).toContain(`/remotes/${route.remote}/${version}/remoteEntry.js`);
      expect(remoteFiles.every((file) => file.startsWith(`/remotes/${route.remote}/${version}/`))).toBe(true);
    });
  }

  test('should deep link and go back and forward across remotes', async ({ page, request }) => {
    // Registered: an anonymous visitor's Chat link opens the sign-in modal (000 §6).
    await signInRegistered(page, request, 'federation');
    await page.goto('/gallery');
    await expect(remotePage(page, 'gallery')).toBeVisible();
    await page.getByTestId('shell-sidebar').getByRole('link', { name: 'Chat' }).click();
    await expect(remotePage(page, 'chat')).toBeVisible();
    await page.getByTestId('shell-sidebar').getByRole('link', { name: 'Pricing' }).click();
    await expect(remotePage(page, 'checkout')).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
    await page.goBack();
    await expect(remotePage(page, 'chat')).toBeVisible();
    await expect(page).toHaveURL(/\/chat$/);
    await page.goBack();
    await expect(remotePage(page, 'gallery')).toBeVisible();
    await page.goForward();
    await expect(remotePage(page, 'chat')).toBeVisible();
    await expect(page.locator('[data-remote-outlet]')).toHaveCount(1);
  });

  test('should redirect an unknown path to the main page keeping the query string', async ({ page }) => {
    await page.goto('/no-such-page?utm_source=tiktok&ttclid=abc');
    await expect(page).toHaveURL(/\/\?utm_source=tiktok&ttclid=abc$/);
    await expect(remotePage(page, 'explore')).toBeVisible();
  });

  test('should show the fallback in the area of an unreachable remote while the chrome and other routes work', async ({
    page,
    request,
  }) => {
    await signInRegistered(page, request, 'federation');
    await page.route('**/remotes/gallery/**', (route) => route.abort('connectionrefused'));
    // The download failure is reported once, as the remote's (ADR 0322), for the ops page and Sentry.
    const reported = page.waitForRequest(
      (req) =>
        req.url().endsWith('/api/client-errors') &&
        (req.postDataJSON() as { kind?: string; remote?: string } | null)?.kind === 'remote-failed',
    );
    await page.goto('/gallery');
    await expect(page.getByTestId('remote-fallback')).toHaveAttribute('data-code', 'REMOTE_LOAD_FAILED');
    expect((await reported).postDataJSON()).toMatchObject({
      remote: 'gallery',
      message: expect.stringContaining('REMOTE_LOAD_FAILED'),
    });
    await expect(page.getByTestId('shell-header')).toBeVisible();
    await page.getByTestId('shell-sidebar').getByRole('link', { name: 'Chat' }).click();
    await expect(remotePage(page, 'chat')).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
  });

  test('should contain a remote that throws on mount to its area', async ({ page }) => {
    const live = readLiveRegistry().remotes['gallery']!.version;
    await publishAndFlip('gallery', path.join(THROWING_REMOTE_DIR, 'dist', THROWING_VERSION));
    try {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto('/gallery');
      const fallback = page.getByTestId('remote-fallback');
      await expect(fallback).toHaveAttribute('data-code', 'REMOTE_MOUNT_FAILED');
      await expect(fallback.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
      await expect(page.getByTestId('shell-header')).toBeVisible();
      await page.getByTestId('shell-sidebar').getByRole('link', { name: 'Explore' }).click();
      await expect(remotePage(page, 'explore')).toBeVisible();
      expect(errors).toEqual([]);
    } finally {
      await remoteCli('rollback', 'gallery', '--to', live);
    }
  });

  test('should load a newly deployed version after a reload, and the old one after a rollback, without touching the shell', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const shellBefore = hashTree(path.join(REPO_ROOT, 'shell', 'dist'));
    const before = readLiveRegistry().remotes['chat']!.version;
    const next = `${before.split('-')[0]}-e2e.${Date.now()}`;
    await page.goto('/chat');
    await expect(liveRemote(page, 'chat')).toHaveAttribute('data-build-version', before);

    const deployOutput = await remoteCli('deploy', 'chat', '--version', next);
    expect(deployOutput).toContain(next);
    expect(readLiveRegistry().remotes['chat']!.version).toBe(next);
    await page.reload();
    await expect(liveRemote(page, 'chat')).toHaveAttribute('data-build-version', next);

    const rollbackOutput = await remoteCli('rollback', 'chat');
    expect(rollbackOutput).toContain(before);
    await page.reload();
    await expect(liveRemote(page, 'chat')).toHaveAttribute('data-build-version', before);

    expect(hashTree(path.join(REPO_ROOT, 'shell', 'dist'))).toBe(shellBefore);
    const history = await remoteCli('history', 'chat');
    expect(history).toContain(next);
  });

  test('should load React once for the shell and every remote', async ({ page, request }) => {
    await signInRegistered(page, request, 'federation');
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    // Start away from explore: its first-visit welcome popup is modal and would block the sidebar.
    await page.goto('/gallery');
    await expect(remotePage(page, 'gallery')).toBeVisible();
    await page.getByTestId('shell-sidebar').getByRole('link', { name: 'Chat' }).click();
    await expect(remotePage(page, 'chat')).toBeVisible();
    const shared = await page.evaluate(() => {
      const federation = (
        window as unknown as {
          __FEDERATION__: {
            __INSTANCES__: {
              name: string;
              shareScopeMap: Record<
                string,
                Record<string, Record<string, { from: string; loaded?: boolean; useIn?: string[] }>>
              >;
            }[];
          };
        }
      ).__FEDERATION__;
      const shell = federation.__INSTANCES__.find((instance) => instance.name === 'shell');
      const scope = shell?.shareScopeMap['default'] ?? {};
      return Object.fromEntries(
        ['react', 'react-dom'].map((name) => [
          name,
          Object.values(scope[name] ?? {}).map((v) => ({
            from: v.from,
            loaded: Boolean(v.loaded),
            useIn: v.useIn ?? [],
          })),
        ]),
      );
    });
    for (const name of ['react', 'react-dom']) {
      const loaded = shared[name]!.filter((version) => version.loaded);
      expect(loaded, name).toHaveLength(1);
      expect(loaded[0]!.from, name).toBe('shell');
    }
    // No remote ever downloads its own copy of React: none of the fallback files its manifest lists for
    // the shared React packages was requested.
    const registry = readLiveRegistry();
    for (const remote of ['gallery', 'chat']) {
      const manifest = (await (await page.request.get(registry.remotes[remote]!.manifest)).json()) as {
        shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
      };
      const reactFiles = manifest.shared
        .filter((entry) => entry.name.startsWith('react') && !entry.name.startsWith('react-router'))
        .flatMap((entry) => [...entry.assets.js.sync, ...entry.assets.js.async]);
      expect(reactFiles.length, remote).toBeGreaterThan(0);
      for (const file of reactFiles)
        expect(
          scripts.some((s) => s.endsWith(`/${file}`)),
          `${remote}: ${file}`,
        ).toBe(false);
    }
  });

  test('should request every boot file of the shell with the HTML, main first', async ({ page }) => {
    const html = await (await page.request.get('/legal', { headers: { accept: 'text/html' } })).text();
    const preloaded = [...html.matchAll(/<link as="(script|style)" href="([^"]+)" rel="preload">/g)].map(
      (match) => match[2]!,
    );
    const main = /<script defer="defer" src="([^"]+)"|<script defer src="([^"]+)"/.exec(html);
    const mainSrc = main?.[1] ?? main?.[2] ?? '';
    expect(mainSrc).toMatch(/^\/assets\/main\./);
    // main is requested before any preload.
    expect(html.indexOf(mainSrc)).toBeLessThan(html.indexOf(preloaded[0] ?? 'missing'));
    // React's shared chunks (from the shell's own manifest) and the bootstrap chunk are all preloaded.
    const manifest = JSON.parse(
      readFileSync(path.join(REPO_ROOT, 'shell', 'dist', 'mf-manifest.json'), 'utf8'),
    ) as {
      shared: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const reactFiles = manifest.shared.flatMap((entry) => entry.assets.js.sync);
    expect(reactFiles.length).toBeGreaterThan(0);
    for (const file of reactFiles) expect(preloaded, file).toContain(`/${file}`);
    expect(preloaded.some((file) => /^\/assets\/bootstrap\.[0-9a-f]+\.js$/.test(file))).toBe(true);
    // And a cold load asks for no boot script that the HTML did not announce, besides the lazily imported ones.
    const requested: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && new URL(request.url()).pathname.startsWith('/assets/'))
        requested.push(new URL(request.url()).pathname);
    });
    await page.goto('/legal');
    await expect(page.getByTestId('shell-header')).toBeVisible();
    for (const file of [...reactFiles.map((f) => `/${f}`), mainSrc]) expect(requested, file).toContain(file);
  });
});
