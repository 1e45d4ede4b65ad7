import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkBudgets, measureRoutes, parseBudgets, snapshotOf } from './bundle-budgets.ts';

/** Incompressible bytes, so gzip sizes are predictable: `kb` KB of them. */
const noise = (kb: number) =>
  randomBytes(kb * 1024)
    .toString('base64')
    .slice(0, kb * 1024);

/**
 * A built repo: a shell loading main and preloading bootstrap, one remote claiming two routes; with `chrome`, the
 * shell also preloads a chrome chunk (`data-chrome`) and the remote claims a funnel page too.
 */
function fakeRepo(exposeKB: number, chrome = false) {
  const root = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  const assets = path.join(root, 'shell', 'dist', 'assets');
  mkdirSync(assets, { recursive: true });
  writeFileSync(
    path.join(root, 'shell', 'dist', 'index.html'),
    '<html><head><script defer src="/assets/main.0123abcd.js"></script><link as="script" href="/assets/bootstrap.89abcdef.js" rel="preload"><link as="style" href="/assets/x.css" rel="preload">' +
      (chrome ? '<link as="script" data-chrome href="/assets/chrome.00112233.js" rel="preload">' : '') +
      '</head></html>',
  );
  if (chrome) writeFileSync(path.join(assets, 'chrome.00112233.js'), noise(3));
  writeFileSync(path.join(assets, 'main.0123abcd.js'), noise(20));
  writeFileSync(path.join(assets, 'bootstrap.89abcdef.js'), noise(10));
  const remote = path.join(root, 'remotes', 'gallery');
  const dist = path.join(remote, 'dist', '1.0.0');
  mkdirSync(dist, { recursive: true });
  writeFileSync(
    path.join(remote, 'package.json'),
    JSON.stringify({
      name: '@companion/gallery',
      version: '1.0.0',
      companion: { routes: ['/gallery', '/g/:id', ...(chrome ? ['/quiz-fb'] : [])] },
    }),
  );
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { path: './lifecycles', assets: { js: { sync: ['__federation_expose_lifecycles.aaaabbbb.js'] } } },
      ],
    }),
  );
  writeFileSync(path.join(dist, 'remoteEntry.js'), noise(5));
  writeFileSync(path.join(dist, '__federation_expose_lifecycles.aaaabbbb.js'), noise(exposeKB));
  return root;
}

describe('bundle budgets', () => {
  it('should count the shell boot scripts for every route and the claiming remote beyond it', () => {
    const routes = measureRoutes(fakeRepo(10));
    expect(routes.map((r) => [r.route, r.remote])).toEqual([
      ['(shell)', null],
      ['/gallery', 'gallery'],
      ['/g/:id', 'gallery'],
    ]);
    const gallery = routes[1]!;
    expect(gallery.files.map((f) => f.key)).toEqual([
      'shell/main.js',
      'shell/bootstrap.js',
      'gallery/remoteEntry.js',
      'gallery/__federation_expose_lifecycles.js',
    ]);
    // base64 of random bytes gzips to ~76 %; what matters is that the sums add up.
    expect(gallery.total).toBe(gallery.files.reduce((sum, f) => sum + f.gzip, 0));
    expect(gallery.beyondShell).toBe(gallery.files[2]!.gzip + gallery.files[3]!.gzip);
  });

  it("should count the chrome chunk for the shell's pages and a route with chrome, not for a funnel page", () => {
    const routes = measureRoutes(fakeRepo(10, true));
    const keys = (route: string) => routes.find((r) => r.route === route)!.files.map((f) => f.key);
    expect(keys('(shell)')).toEqual(['shell/main.js', 'shell/bootstrap.js', 'shell/chrome.js']);
    expect(keys('/gallery')).toContain('shell/chrome.js');
    expect(keys('/quiz-fb')).toEqual([
      'shell/main.js',
      'shell/bootstrap.js',
      'gallery/remoteEntry.js',
      'gallery/__federation_expose_lifecycles.js',
    ]);
    const funnel = routes.find((r) => r.route === '/quiz-fb')!;
    expect(funnel.total).toBe(funnel.files.reduce((sum, f) => sum + f.gzip, 0));
  });

  it("should count a route's hinted page chunk (ADR 0285) on that route only", () => {
    const root = fakeRepo(10);
    const dist = path.join(root, 'remotes', 'gallery', 'dist', '1.0.0');
    writeFileSync(path.join(dist, 'page.12345678.js'), noise(4));
    writeFileSync(
      path.join(dist, 'companion-remote.json'),
      JSON.stringify({
        name: 'gallery',
        firstLoad: [{ path: '/g/:id', chunks: ['page'], files: ['page.12345678.css', 'page.12345678.js'] }],
      }),
    );
    const routes = measureRoutes(root);
    const route = (name: string) => routes.find((r) => r.route === name)!;
    expect(route('/g/:id').files.map((f) => f.key)).toEqual([
      'shell/main.js',
      'shell/bootstrap.js',
      'gallery/remoteEntry.js',
      'gallery/__federation_expose_lifecycles.js',
      'gallery/page.js',
    ]);
    expect(route('/g/:id').beyondShell).toBe(route('/gallery').beyondShell + route('/g/:id').files[4]!.gzip);
    expect(route('/gallery').files.map((f) => f.key)).not.toContain('gallery/page.js');
  });

  it('should fail naming the route and the file that grew, and pass within budget', () => {
    const before = measureRoutes(fakeRepo(10));
    const budgets = parseBudgets('# route total beyond\n(shell) 40 0\n/gallery 40 14\n/g/:id 40 14\n');
    expect(checkBudgets(before, budgets, snapshotOf(before))).toEqual([]);
    const after = measureRoutes(fakeRepo(20));
    const problems = checkBudgets(after, budgets, snapshotOf(before));
    const grew =
      'remotes/gallery/dist/1.0.0/__federation_expose_lifecycles.aaaabbbb.js grew [\\d.]+ → [\\d.]+ KB \\(\\+[\\d.]+ KB\\)';
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(
      new RegExp(
        `^/gallery: first-load JS is [\\d.]+ KB gzip, over its budget of 40 KB \\(bundle-budgets.txt:3\\); ${grew}$`,
      ),
    );
    expect(problems[1]).toMatch(
      new RegExp(
        `^/gallery: JS beyond the shell is [\\d.]+ KB gzip, over its budget of 14 KB \\(bundle-budgets.txt:3\\); ${grew}$`,
      ),
    );
  });

  it('should require a line for every route and no line for a route nobody claims', () => {
    const routes = measureRoutes(fakeRepo(1));
    const problems = checkBudgets(routes, parseBudgets('(shell) 99 0\n/gallery 99 99\n/old 1 1\n'), {});
    expect(problems).toEqual([
      "/g/:id (gallery) has no budget: add a line '<route> <total KB> <beyond shell KB>' to bundle-budgets.txt",
      '/old (bundle-budgets.txt:3) is claimed by no remote: remove the line',
    ]);
    expect(() => parseBudgets('/x 10\n')).toThrow('bundle-budgets.txt:1');
  });
});
