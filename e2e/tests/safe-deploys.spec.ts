import { appendFile, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { test } from '../support/test.ts';
import { publishLiveCopy, readLiveRegistry, remoteCli } from '../support/registry.ts';
import { signInRegistered } from '../support/sign-in.ts';

const galleryPage = '[data-remote="gallery"] [data-testid="remote-page"]';

/** Publishes a copy of the live gallery build as `version` and makes it live; returns the stored folder. */
const publishCopy = (version: string) => publishLiveCopy('gallery', version);

/** Changes one stored file (and drops its precompressed siblings, so the origin serves the changed bytes). */
async function tamper(file: string): Promise<void> {
  await appendFile(file, '\n;window.__tampered = true;\n');
  await rm(`${file}.br`, { force: true });
  await rm(`${file}.gz`, { force: true });
}

/** The gallery version the page's inlined registry names (what this visitor was served). */
async function servedGallery(page: Page): Promise<string> {
  const text = await page.locator('#registry').textContent();
  return (JSON.parse(text ?? '{}') as { remotes: Record<string, { version: string }> }).remotes['gallery']!
    .version;
}

test.describe('safe deploys: the shell refuses bytes the registry did not pin', () => {
  let live: string;
  test.beforeEach(() => {
    live = readLiveRegistry().remotes['gallery']!.version;
  });
  test.afterEach(async () => {
    await remoteCli('rollback', 'gallery', '--to', live);
  });

  test('should load a pinned remote once per file (the preloads match the SRI loads)', async ({ page }) => {
    const requests = new Map<string, number>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/remotes/gallery/'))
        requests.set(url.pathname, (requests.get(url.pathname) ?? 0) + 1);
    });
    await page.goto('/gallery');
    await expect(page.locator(galleryPage)).toBeVisible();
    expect(readLiveRegistry().remotes['gallery']!.entryIntegrity).toMatch(/^sha384-/);
    expect([...requests.keys()].some((p) => p.endsWith('/remoteEntry.js'))).toBe(true);
    expect([...requests.entries()].filter(([, count]) => count > 1)).toEqual([]);
  });

  test('should show the fallback when a chunk was changed after publishing', async ({ page }) => {
    const folder = await publishCopy(`${live}-tamper.1`);
    const manifest = JSON.parse(await readFile(path.join(folder, 'mf-manifest.json'), 'utf8')) as {
      exposes: { name: string; assets: { js: { sync: string[] } } }[];
    };
    const chunk = manifest.exposes.find((e) => e.name === 'lifecycles')!.assets.js.sync.at(-1)!;
    await tamper(path.join(folder, chunk));
    const errors: string[] = [];
    page.on('console', (message) => errors.push(message.text()));
    await page.goto('/gallery');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    await expect(page.locator(galleryPage)).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBeUndefined();
    expect(errors.join('\n')).toMatch(/integrity/i);
    // The chrome still works.
    await expect(page.getByTestId('shell-header')).toBeVisible();
  });

  test('should show the fallback when the entry was changed after publishing', async ({ page }) => {
    const folder = await publishCopy(`${live}-tamper.2`);
    await tamper(path.join(folder, 'remoteEntry.js'));
    await page.goto('/gallery');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    expect(await page.evaluate(() => (window as { __tampered?: boolean }).__tampered)).toBeUndefined();
  });
});

test.describe('safe deploys: deploys under open pages and canaries', () => {
  let live: string;
  test.beforeEach(() => {
    live = readLiveRegistry().remotes['gallery']!.version;
  });
  test.afterEach(async () => {
    await remoteCli('canary', 'gallery', '--end');
    await remoteCli('rollback', 'gallery', '--to', live);
  });

  test('should keep a page open during a deploy working with what it loaded; a reload gets the new version', async ({
    page,
    request,
  }) => {
    // A registered visitor: chat opens without the sign-up modal an anonymous visitor gets.
    await signInRegistered(page, request, 'deploy');
    await page.goto('/gallery');
    await expect(page.locator(galleryPage)).toBeVisible();
    const next = `${live}-deploy.1`;
    await publishCopy(next);
    // In-app navigation after the deploy: the page keeps the versions it loaded.
    const top = page.getByRole('navigation', { name: 'Top' });
    await top.getByRole('link', { name: 'Chat' }).click();
    await expect(page.locator('[data-remote="chat"] [data-testid="remote-page"]')).toBeVisible();
    await top.getByRole('link', { name: 'Gallery' }).click();
    await expect(page.locator(galleryPage)).toBeVisible();
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
    expect(await servedGallery(page)).toBe(live);
    await page.reload();
    await expect(page.locator(galleryPage)).toBeVisible();
    expect(await servedGallery(page)).toBe(next);
  });

  test('should keep each visitor on one side of a canary, and split visitors', async ({ browser }) => {
    const canary = `${live}-canary.1`;
    await publishCopy(canary);
    await remoteCli('rollback', 'gallery', '--to', live);
    expect(await remoteCli('canary', 'gallery', '--to', canary, '--percent', '50')).toContain('50%');
    test.setTimeout(120_000);
    const seen = new Set<string>();
    for (let visitor = 0; visitor < 12 && seen.size < 2; visitor += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto('/gallery', { waitUntil: 'domcontentloaded' });
      const first = await servedGallery(page);
      // Later page loads of the same visitor (same cookie jar): the same side every time.
      for (let load = 0; load < 3; load += 1) {
        const html = await (
          await context.request.get('/gallery', { headers: { accept: 'text/html' } })
        ).text();
        const inlined =
          /<script id="registry" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}';
        const registry = JSON.parse(inlined) as { remotes: Record<string, { version: string }> };
        expect(registry.remotes['gallery']!.version).toBe(first);
      }
      seen.add(first);
      await context.close();
    }
    expect([...seen].sort()).toEqual([canary, live].sort());
  });
});
