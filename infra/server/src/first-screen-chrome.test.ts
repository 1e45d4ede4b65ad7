import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHROME_FRAME_FILE, type FirstScreenInput } from '@companion/contracts';
import type { Registry } from '@companion/registry';
import { createChromeFrame, type ChromeFrame } from './first-screen.ts';
import { createIndexRenderer } from './index-html.ts';
import { contentSecurityPolicy, inlineStyleHashes } from './security-headers.ts';
import { writeShell } from './testing/origin-fixtures.ts';

// ADR 0453: on a page with chrome the route remote's first screen goes inside the shell's chrome frame, rendered
// from the same public answers the page inlines; a page whose frame fails gets no first screen at all; the
// screen's own style attributes are allowed by their hashes and nothing else.
const HTML =
  '<!doctype html><html lang="en" data-theme="dark"><head><link as="style" href="/assets/bootstrap.1.css" rel="preload"></head>' +
  '<body><div id="root"></div></body></html>';

const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    explore: {
      version: '1.0.0',
      manifest: '/remotes/explore/1.0.0/mf-manifest.json',
      integrity: 'sha384-x',
      contract: 1,
      routes: ['/', '/premium-models'],
    },
    funnels: {
      version: '1.0.0',
      manifest: '/remotes/funnels/1.0.0/mf-manifest.json',
      integrity: 'sha384-y',
      contract: 1,
      routes: ['/quiz-fb'],
    },
  },
};

const LIST = [{ firstName: 'Sofia' }, { firstName: 'Emma' }];

async function fixture(chromeFrame?: ChromeFrame) {
  const root = await mkdtemp(path.join(tmpdir(), 'first-screen-chrome-'));
  const shellDir = await writeShell(root, HTML);
  const remotesDir = path.join(root, 'remotes');
  await mkdir(path.join(remotesDir, 'explore', '1.0.0'), { recursive: true });
  await writeFile(
    path.join(remotesDir, 'explore', '1.0.0', 'companion-remote.json'),
    JSON.stringify({
      firstLoad: [{ path: '/', api: [{ path: 'PersonModel/top', query: { utmSource: 'utm_source' } }] }],
    }),
  );
  const inputs: FirstScreenInput[] = [];
  const render = createIndexRenderer({
    shellDir,
    remotesDir,
    readRegistry: async () => registry,
    fetchApi: async (key) => (key.startsWith('PersonModel/top') ? LIST : undefined),
    firstScreen: async (remote, _entry, input) => {
      inputs.push(input);
      const names = Object.values(input.answers ?? {}).flatMap((answer) =>
        (answer as typeof LIST).map((model) => model.firstName),
      );
      return { html: `<h1 style="color:red">${remote}: ${names.join(', ') || 'loading'}</h1>`, head: '' };
    },
    ...(chromeFrame ? { chromeFrame } : {}),
  });
  return { render, inputs };
}

const frame: ChromeFrame = async (input) => ({
  html: `<header>Chrome of ${input.path}</header><main><div data-first-screen-slot="">${input.content ?? (input.path === '/legal' ? '<h1>Legal</h1>' : '')}</div></main>`,
  head: input.content === null ? '<link rel="stylesheet" href="/assets/legal.css" />' : '',
});

describe('the first screen inside the chrome', () => {
  it("should render the route's first screen from the page's public answers, inside the shell's frame", async () => {
    const { render, inputs } = await fixture(frame);
    const html = await render('/?utm_source=tiktok');
    expect(html).toContain(
      '<div id="first-screen" data-remote="explore" data-version="1.0.0"><header>Chrome of /</header><main>' +
        '<div data-first-screen-slot=""><h1 style="color:red">explore: Sofia, Emma</h1></div></main></div>',
    );
    // The very answers inlined for the browser's first render, by the same keys.
    expect(inputs[0]?.answers).toEqual({ 'PersonModel/top?utmSource=tiktok': LIST });
    expect(html).toContain(
      '<script id="first-load" type="application/json">{"PersonModel/top?utmSource=tiktok":',
    );
    // After the screen and the shell's root, out of the head: the screen's markup comes first down the line.
    expect(html.indexOf('id="first-load"')).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
    expect(html.indexOf('</head>')).toBeLessThan(html.indexOf('id="first-screen"'));
    // A page without public answers gets its screen too, rendered with none (the browser's first render fetches).
    expect(await render('/premium-models')).toContain('explore: loading');
  });

  it('should send no first screen on a page with chrome when the frame fails or is not there', async () => {
    const failing = await fixture(async () => null);
    expect(await failing.render('/')).not.toContain('id="first-screen"');
    const without = await fixture();
    expect(await without.render('/')).not.toContain('id="first-screen"');
  });

  it("should send the shell's own legal page inside the frame, with the page's stylesheet, and nothing for another shell page", async () => {
    const { render } = await fixture(async (input) =>
      input.content === null && input.path !== '/legal' ? null : frame(input),
    );
    const html = await render('/legal');
    expect(html).toContain(
      '<div id="first-screen" data-remote="shell" data-version="shell"><header>Chrome of /legal</header>',
    );
    expect(html).toContain('<h1>Legal</h1>');
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/legal.css" \/>\s*<\/head>/);
    expect(await render('/settings')).not.toContain('id="first-screen"');
  });

  it('should not frame a page without chrome (a funnel page)', async () => {
    const framing = vi.fn(frame);
    const { render } = await fixture(framing);
    await render('/quiz-fb');
    expect(framing).not.toHaveBeenCalled();
  });

  it("should load the shell's frame from its build, and report and fall back when it is missing or throws", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'chrome-frame-'));
    const file = path.join(root, CHROME_FRAME_FILE);
    const reports: string[] = [];
    const chrome = createChromeFrame({ file, report: (message) => reports.push(message) });
    const input = {
      path: '/',
      search: '',
      brand: 'main',
      theme: 'dark',
      content: '<p>$& cards</p>',
    } as const;
    expect(await chrome(input)).toBeNull();
    expect(reports).toEqual([expect.stringContaining('is not built')]);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(
      file,
      'export const renderChromeFrame = async (input) => { if (input.path === "/boom") throw new Error("frame broke"); return { html: `<nav>${input.brand}</nav>${input.content}`, head: "" }; };\n',
    );
    expect(await chrome(input)).toEqual({ html: '<nav>main</nav><p>$& cards</p>', head: '' });
    expect(await chrome({ ...input, path: '/boom' })).toBeNull();
    expect(reports).toEqual([expect.stringContaining('is not built'), 'frame broke']);
  });

  it('should allow exactly the style attributes of the page in its CSP, by hash', () => {
    const hashes = inlineStyleHashes(
      '<img style="aspect-ratio:0.6666666666666666"/><span style="width:24px;height:24px"></span>' +
        '<img style="aspect-ratio:0.6666666666666666"/><i style="font-family:&quot;A&quot;"></i>',
    );
    // sha256 of the values as the browser reads them (entities decoded), each once.
    const sha = (value: string) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`;
    expect(hashes).toEqual([
      sha('aspect-ratio:0.6666666666666666'),
      sha('width:24px;height:24px'),
      sha('font-family:"A"'),
    ]);
    expect(contentSecurityPolicy('n', undefined, hashes)).toContain(`'unsafe-hashes' ${hashes.join(' ')};`);
    expect(contentSecurityPolicy('n')).not.toContain('unsafe-hashes');
    expect(contentSecurityPolicy('n', undefined, hashes)).not.toContain('unsafe-inline');
  });
});
