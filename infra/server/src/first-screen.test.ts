import path from 'node:path';
import { writeFakeBuild } from '@companion/registry/testing';
import { describe, expect, it } from 'vitest';
import type { FirstScreenReport } from './first-screen.ts';
import { createFirstScreenRenderer } from './first-screen.ts';
import { writeShell } from './testing/origin-fixtures.ts';
import { useStoreOrigin } from './testing/store-origin.ts';

// ADR 0452: the origin puts the route remote's server-rendered first screen in the page, and falls back to the
// client's render for that remote alone when the entry is missing, tampered with, throws or is too slow.
const INDEX =
  '<!doctype html><html lang="en" data-theme="dark"><head><link as="style" href="/assets/bootstrap.1.css" rel="preload"></head>' +
  '<body><div id="root"></div></body></html>';

/** A server entry answering with its version, the path and the brand; `body` replaces the render's body. */
const entry = (version: string, body?: string) =>
  `export async function renderFirstScreen(input) {
    ${body ?? ''}
    if (input.path === '/quiz-none') return null;
    if (input.path === '/quiz-vip') return { html: "<p>Only $5, $& $' $$ off</p>", head: "<meta name='x' content='$&'/>" };
    return { html: '<h1>First question ${version} ' + input.path + ' ' + input.brand + ' ' + input.theme + '</h1>',
      head: '<link rel="preload" as="image" href="/hero.png"/>' };
  }`;

describe('first screen from the server', () => {
  const reports: FirstScreenReport[] = [];
  const origin = useStoreOrigin('first-screen', async (root, store) => {
    const publish = async (name: string, version: string, server?: string) =>
      store.publish(
        name,
        await writeFakeBuild(path.join(root, `${name}-${version}`), name, version, {
          routes: name === 'funnels' ? ['/quiz-fb', '/quiz-none', '/quiz-vip'] : ['/pricing'],
          ...(server === undefined ? {} : { server }),
        }),
      );
    await publish('funnels', '1.0.0', entry('1.0.0'));
    await publish('funnels', '1.1.0', entry('1.1.0'));
    await publish('funnels', '1.2.0', entry('1.2.0', 'throw new Error("the entry broke");'));
    await publish('funnels', '1.3.0', entry('1.3.0', 'await new Promise((r) => setTimeout(r, 400));'));
    await publish('checkout', '1.0.0');
    await store.setLive('funnels', '1.0.0');
    await store.setLive('checkout', '1.0.0');
    return writeShell(root, INDEX);
  });
  const page = async (url: string, host = 'localhost') =>
    (await origin.app.inject({ url, headers: { accept: 'text/html', host } })).body;

  it('should pin the server entry in the registry with its integrity', async () => {
    const registry = await origin.store.readRegistry();
    expect(registry.remotes['funnels']?.server).toEqual({
      file: 'server/first-screen.mjs',
      integrity: expect.stringMatching(/^sha384-/),
    });
    expect(registry.remotes['checkout']?.server).toBeUndefined();
  });

  it("should put the route's first screen before the shell's root, its hints in the head, its CSS as stylesheets", async () => {
    const html = await page('/quiz-fb?isLightTheme=true');
    expect(html).toContain(
      '<div id="first-screen" data-remote="funnels" data-version="1.0.0"><h1>First question 1.0.0 /quiz-fb main light</h1></div>',
    );
    expect(html.indexOf('id="first-screen"')).toBeLessThan(html.indexOf('<div id="root">'));
    expect(html).toMatch(/<link rel="preload" as="image" href="\/hero.png"\/>\s*<\/head>/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/bootstrap.1.css">');
    expect(html).not.toContain('as="style"');
    // The query's theme before any script: a page seen without JavaScript wears it too.
    expect(html).toContain('<html lang="en" data-theme="light">');
    expect(await page('/quiz-fb')).toContain('<html lang="en" data-theme="dark">');
  });

  it("should put the entry's markup in the page as it is, dollar signs and all", async () => {
    const html = await page('/quiz-vip');
    expect(html).toContain(`data-version="1.0.0"><p>Only $5, $& $' $$ off</p></div>`);
    expect(html).toContain(`<meta name='x' content='$&'/>`);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
  });

  it('should give the entry the brand of the host', async () => {
    expect(await page('/quiz-fb', 'quiz.companion.app')).toContain('/quiz-fb fbQuiz dark</h1>');
  });

  it('should serve the page as before for a route without a server first screen or a remote without an entry', async () => {
    for (const url of ['/quiz-none', '/pricing', '/settings']) {
      const html = await page(url);
      expect(html).not.toContain('id="first-screen"');
      expect(html).toContain('<link as="style" href="/assets/bootstrap.1.css" rel="preload">');
    }
  });

  it('should change the first screen with a deploy and a rollback, without a restart', async () => {
    await origin.store.setLive('funnels', '1.1.0');
    expect(await page('/quiz-fb')).toContain('First question 1.1.0');
    await origin.store.rollback('funnels');
    expect(await page('/quiz-fb')).toContain('First question 1.0.0');
  });

  it('should fall back to the client for an entry that throws or is too slow, and report it', async () => {
    const renderer = createFirstScreenRenderer({
      readRemoteFile: (remote, version, file) => origin.store.readRemoteFile(remote, version, file),
      budgetMs: 100,
      report: (failure) => reports.push(failure),
    });
    const input = { path: '/quiz-fb', search: '', brand: 'main', theme: 'dark' } as const;
    const registry = await origin.store.readRegistry();
    const live = registry.remotes['funnels']!;
    const at = async (version: string) => {
      const stored = (await origin.store.versions('funnels')).includes(version);
      expect(stored).toBe(true);
      await origin.store.setLive('funnels', version);
      return (await origin.store.readRegistry()).remotes['funnels']!;
    };
    expect(await renderer('funnels', await at('1.2.0'), input)).toBeNull();
    expect(await renderer('funnels', await at('1.3.0'), input)).toBeNull();
    expect(reports.map(({ version, reason }) => `${version} ${reason}`)).toEqual([
      '1.2.0 threw',
      '1.3.0 timeout',
    ]);
    expect(reports[0]?.message).toBe('the entry broke');
    // The render past its budget still finished: its answer serves the next request (a version's first renders run
    // cold), without another report.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await renderer('funnels', await at('1.3.0'), input)).toEqual({
      html: expect.stringContaining('First question 1.3.0'),
      head: expect.any(String),
    });
    expect(reports).toHaveLength(2);
    // A tampered file: the registry's integrity no longer matches what is stored.
    const tampered = { ...live, server: { ...live.server!, integrity: 'sha384-AAAA' } };
    expect(await renderer('funnels', tampered, input)).toBeNull();
    expect(reports.at(-1)?.reason).toBe('integrity');
    // The page itself is served in full meanwhile.
    await origin.store.setLive('funnels', '1.2.0');
    const html = await page('/quiz-fb');
    expect(html).not.toContain('id="first-screen"');
    expect(html).toContain('<div id="root"></div>');
    await origin.store.setLive('funnels', '1.0.0');
  });
});
