// Remote-owned routes (ADR 0235): a funnels build that claims a new quiz path serves it after a reload, without a
// shell release; rolling back takes the path away again. The shell's files never change.
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import { REPO_ROOT } from '../support/env.ts';
import { hashTree, publishAndFlip, readLiveRegistry, remoteCli } from '../support/registry.ts';

const NEW_PATH = '/quiz-e2e-claim';

/** The live funnels build, copied as a new version whose package claimed one more path. */
async function funnelsBuildClaiming(extra: string, version: string): Promise<string> {
  const pkg = JSON.parse(
    readFileSync(path.join(REPO_ROOT, 'remotes', 'funnels', 'package.json'), 'utf8'),
  ) as {
    version: string;
  };
  const dir = path.join(tmpdir(), `funnels-${version}`);
  await rm(dir, { recursive: true, force: true });
  await cp(path.join(REPO_ROOT, 'remotes', 'funnels', 'dist', pkg.version), dir, { recursive: true });
  const infoFile = path.join(dir, 'companion-remote.json');
  const info = JSON.parse(await readFile(infoFile, 'utf8')) as { version: string; routes: string[] };
  await writeFile(infoFile, JSON.stringify({ ...info, version, routes: [...info.routes, extra] }));
  return dir;
}

test('should serve a path a deployed funnels build claims, and not after a rollback, without touching the shell', async ({
  page,
  request,
}) => {
  const shellBefore = hashTree(path.join(REPO_ROOT, 'shell', 'dist'));
  const before = readLiveRegistry().remotes['funnels']!;
  expect(before.routes).toContain('/quiz-vip');
  expect(before.routes).not.toContain(NEW_PATH);

  // Not claimed yet: the not-found page sends the visitor to the main page, keeping the query.
  await page.goto(`${NEW_PATH}?utm_source=e2e`);
  await expect(page).toHaveURL(/\/\?utm_source=e2e$/);

  const next = `${before.version.split('-')[0]}-claims.${Date.now()}`;
  await publishAndFlip('funnels', await funnelsBuildClaiming(NEW_PATH, next));
  let output: string;
  try {
    expect(readLiveRegistry().remotes['funnels']!.routes).toContain(NEW_PATH);
    // The origin preloads the claiming remote with the HTML.
    const html = await (await request.get(NEW_PATH, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`/remotes/funnels/${next}/remoteEntry.js`);
    await page.goto(NEW_PATH);
    await expect(page).toHaveURL(new RegExp(`${NEW_PATH}$`));
    // The claimed path is served by funnels (no variant data for it: the page itself stays empty).
    await expect(page.locator('[data-remote-outlet="funnels"] [data-testid="remote-page"]')).toBeAttached();
  } finally {
    output = await remoteCli('rollback', 'funnels');
  }
  expect(output).toContain(`rollback funnels: ${next} → ${before.version}`);
  expect(readLiveRegistry().remotes['funnels']!.routes).toEqual(before.routes);
  await page.goto(NEW_PATH);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('[data-remote-outlet="explore"] [data-testid="remote-page"]')).toBeVisible();

  expect(hashTree(path.join(REPO_ROOT, 'shell', 'dist'))).toBe(shellBefore);
});

test('should refuse at deploy a path another remote owns, naming both', async () => {
  const version = `0.0.1-conflict.${Date.now()}`;
  const dir = await funnelsBuildClaiming('/gallery', version);
  const before = readLiveRegistry().remotes['funnels']!.version;
  await expect(publishAndFlip('funnels', dir)).rejects.toThrow(
    "funnels claims '/gallery', which gallery already owns ('/gallery')",
  );
  expect(readLiveRegistry().remotes['funnels']!.version).toBe(before);
});
