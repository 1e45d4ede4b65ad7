import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { FirstLoadHint } from '@companion/contracts';
import type { Registry } from '@companion/registry';
import { createIndexRenderer, hintedImages } from './index-html.ts';
import { writeShell } from './testing/origin-fixtures.ts';

const HTML = `<!doctype html><html><head><title>x</title>
    <link rel="preload" href="/registry.json" as="fetch" crossorigin="anonymous" />
    <link as="script" href="/assets/bootstrap.1.js" rel="preload">
    <link as="style" data-chrome href="/assets/chrome.2.css" rel="preload">
    <link as="script" data-chrome href="/assets/chrome.3.js" rel="preload">
  </head><body></body></html>`;

async function fixture(
  registry: Registry,
  googleClientId?: string,
  extra: {
    firstLoad?: FirstLoadHint[];
    fetchApi?: (key: string, country?: string | null) => Promise<unknown>;
    integrity?: Record<string, string>;
  } = {},
) {
  const root = await mkdtemp(path.join(tmpdir(), 'index-html-'));
  const shellDir = await writeShell(root, HTML);
  const remotesDir = path.join(root, 'remotes');
  await mkdir(path.join(remotesDir, 'chat', '1.2.0'), { recursive: true });
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
      ...(extra.integrity ? { integrity: extra.integrity } : {}),
    }),
  );
  await writeFile(
    path.join(remotesDir, 'chat', '1.2.0', 'companion-remote.json'),
    JSON.stringify({ name: 'chat', version: '1.2.0', contract: '1.0.0', firstLoad: extra.firstLoad }),
  );
  return createIndexRenderer({
    shellDir,
    remotesDir,
    googleClientId,
    readRegistry: async () => registry,
    ...(extra.fetchApi ? { fetchApi: extra.fetchApi } : {}),
  });
}

const registry: Registry = {
  schemaVersion: 1,
  remotes: {
    chat: {
      version: '1.2.0',
      manifest: '/remotes/chat/1.2.0/mf-manifest.json',
      integrity: 'sha384-x',
      contract: 1,
      // The claims deploy copied from chat's package.json (ADR 0235): the origin preloads by them.
      routes: ['/chat', '/chat/:chatId'],
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
    expect(html).toContain(
      '<link rel="preload" href="/remotes/chat/1.2.0/remoteEntry.js" as="script" crossorigin="anonymous" />',
    );
    expect(html).toContain(
      '<link rel="preload" href="/remotes/chat/1.2.0/expose.abc.js" as="script" crossorigin="anonymous" />',
    );
    expect(html).toContain(
      '<link rel="preload" href="/remotes/chat/1.2.0/expose.abc.css" as="style" crossorigin="anonymous" />',
    );
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

  it('should preload by the live claims: a newly claimed path, never a shell page', async () => {
    const claimed: Registry = {
      schemaVersion: 1,
      remotes: { chat: { ...registry.remotes['chat']!, routes: ['/chat', '/quiz-new', '/settings'] } },
    };
    const render = await fixture(claimed);
    expect(await render('/quiz-new')).toContain('href="/remotes/chat/1.2.0/remoteEntry.js"');
    expect(await render('/settings')).not.toContain('rel="preload" href="/remotes');
    expect(await render('/chat/42')).not.toContain('rel="preload" href="/remotes');
  });

  it("should keep the chrome chunk's preloads only for a path that shows the chrome (ADR 0278)", async () => {
    const render = await fixture(registry);
    for (const url of ['/', '/chat/42', '/pricing?x=1', '/affiliates']) {
      const html = await render(url);
      expect([url, html.includes('/assets/chrome.2.css'), html.includes('/assets/chrome.3.js')]).toEqual([
        url,
        true,
        true,
      ]);
    }
    for (const url of [
      '/quiz-fb',
      '/quickdate-honey-anime?utm_source=x',
      '/chat-landing/7',
      '/maintenance',
    ]) {
      const html = await render(url);
      expect([url, html.includes('data-chrome'), html.includes('/assets/bootstrap.1.js')]).toEqual([
        url,
        false,
        true,
      ]);
    }
  });

  it("should serve a funnel brand's host its own pages: no chrome, and `/` preloads the brand's funnels page (ADR 0285)", async () => {
    const funnels: Registry = {
      schemaVersion: 1,
      remotes: {
        chat: { ...registry.remotes['chat']!, routes: ['/quiz-vip', '/quiz-fb', '/chat-landing/:chatId'] },
      },
    };
    const render = await fixture(funnels, undefined, {
      firstLoad: [
        { path: '/quiz-vip', chunks: ['quiz'], files: ['quiz.1.js'] },
        { path: '/chat-landing/:chatId', chunks: ['landing'], files: ['landing.2.js'] },
      ],
      integrity: { 'quiz.1.js': 'sha384-q', 'landing.2.js': 'sha384-l' },
    });
    const quizHost = await render('/', null, { hostname: 'quiz.companion.app' });
    expect(quizHost).toContain('href="/remotes/chat/1.2.0/remoteEntry.js"');
    expect(quizHost).toContain('href="/remotes/chat/1.2.0/quiz.1.js"');
    expect(quizHost).not.toContain('data-chrome');
    const chatHost = await render('/', null, { hostname: 'www.chat.companion.app:443' });
    expect(chatHost).toContain('href="/remotes/chat/1.2.0/landing.2.js"');
    expect(chatHost).not.toContain('quiz.1.js');
    // A development host: `?brand=` decides, as in the shell; a production host ignores it.
    expect(await render('/?brand=fbQuiz', null, { hostname: 'localhost' })).toContain('quiz.1.js');
    expect(await render('/?brand=fbQuiz', null, { hostname: 'companion.app' })).not.toContain('quiz.1.js');
    // The main brand keeps the app's `/` (unclaimed here) with its chrome; another funnel brand no chrome anywhere.
    const main = await render('/', null, { hostname: 'companion.app' });
    expect(main).toContain('data-chrome');
    expect(main).not.toContain('rel="preload" href="/remotes');
    expect(await render('/pricing', null, { hostname: 'newgirl.app' })).not.toContain('data-chrome');
  });

  it('should publish the Google client id only when one is configured', async () => {
    expect(await (await fixture(registry))('/')).not.toContain('google-signin-client_id');
    expect(await (await fixture(registry, 'abc"x.apps'))('/')).toContain(
      '<meta name="google-signin-client_id" content="abc&quot;x.apps" />',
    );
  });

  it('should publish SENTRY_DSN to the page only when one is configured', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'index-html-'));
    const shellDir = await writeShell(root, HTML);
    const render = (sentryDsn?: string) =>
      createIndexRenderer({
        shellDir,
        remotesDir: path.join(root, 'remotes'),
        ...(sentryDsn ? { sentryDsn } : {}),
        readRegistry: async () => registry,
      })('/legal');
    expect(await render()).not.toContain('sentry-dsn');
    expect(await render('https://k@o1.ingest.sentry.io/2')).toContain(
      '<meta name="sentry-dsn" content="https://k@o1.ingest.sentry.io/2" />',
    );
  });

  const MODELS = [
    { id: 'r1', isAnime: false, bodyImages: ['/api/images/r1.svg'] },
    { id: 'a1', isAnime: true, bodyImages: [{ imageUrl: '/api/images/a1.svg' }] },
    { id: 'r2', isAnime: false, bodyImages: ['/api/images/r2.svg?x="1"'] },
    { id: 'r3', isAnime: false, bodyImages: ['javascript:alert(1)'] },
    { id: 'r4', isAnime: false, bodyImages: [] },
    { id: 'r5', isAnime: false, bodyImages: ['https://cdn.example/r5.svg'] },
  ];
  const HINTS: FirstLoadHint[] = [
    {
      path: '/chat/:chatId',
      api: [{ path: 'PersonModel/top', query: { utmSource: 'utm_source' } }],
      images: {
        field: 'bodyImages',
        take: 2,
        rules: [{ query: { category: 'anime' }, where: { isAnime: true } }, { where: { isAnime: false } }],
      },
    },
  ];

  it('should inline the hinted public answers and preload the images of the first matching items', async () => {
    const fetchApi = vi.fn(async () => MODELS);
    const render = await fixture(registry, undefined, { firstLoad: HINTS, fetchApi });
    const html = await render('/chat/42?utm_source=ads&other=1', null, { country: 'CA' });
    // The list does not vary by country: it is asked without one.
    expect(fetchApi).toHaveBeenCalledWith('PersonModel/top?utmSource=ads', null);
    const inlined = /<script id="first-load" type="application\/json">(.*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(inlined ?? 'null')).toEqual({ 'PersonModel/top?utmSource=ads': MODELS });
    expect(html).toContain(
      '<link rel="preload" href="/api/images/r1.svg" as="image" fetchpriority="high" />',
    );
    expect(html).toContain(
      '<link rel="preload" href="/api/images/r2.svg?x=&quot;1&quot;" as="image" fetchpriority="high" />',
    );
    expect(html).not.toContain('href="/api/images/a1.svg"');
    expect(html).not.toContain('href="https://cdn.example/r5.svg"');
    // Before anything else the head fetches: on HTTP/1.1 a cover queued behind the scripts waits a round trip.
    const firstFetch = /<(?:link|script)\b[^>]*>/.exec(html)?.[0];
    expect(firstFetch).toBe(
      '<link rel="preload" href="/api/images/r1.svg" as="image" fetchpriority="high" />',
    );
  });

  it("should ask a call that varies by country with the request's country (ADR 0455)", async () => {
    const fetchApi = vi.fn(async (_key: string, country?: string | null) => [{ id: `plan-${country}` }]);
    const hints: FirstLoadHint[] = [
      { path: '/chat/:chatId', api: [{ path: 'Payments/subscription-products', country: true }] },
    ];
    const render = await fixture(registry, undefined, { firstLoad: hints, fetchApi });
    const html = await render('/chat/42', null, { country: 'CA' });
    expect(fetchApi).toHaveBeenCalledWith('Payments/subscription-products?', 'CA');
    expect(html).toContain('{"Payments/subscription-products?":[{"id":"plan-CA"}]}');
  });

  it('should choose the image rule by the page query', async () => {
    const render = await fixture(registry, undefined, { firstLoad: HINTS, fetchApi: async () => MODELS });
    const html = await render('/chat/42?category=anime');
    expect(html).toContain('href="/api/images/a1.svg" as="image"');
    expect(html).not.toContain('r1.svg" as="image"');
  });

  it('should serve the page without inlining when the API gives nothing, or for a route without hints', async () => {
    const failing = await fixture(registry, undefined, { firstLoad: HINTS, fetchApi: async () => undefined });
    const html = await failing('/chat/42');
    expect(html).not.toContain('id="first-load"');
    expect(html).not.toContain('as="image"');
    expect(html).toContain('expose.abc.js');
    const fetchApi = vi.fn(async () => MODELS);
    expect(await (await fixture(registry, undefined, { firstLoad: HINTS, fetchApi }))('/chat')).not.toContain(
      'first-load',
    );
    expect(fetchApi).not.toHaveBeenCalled();
  });

  it('should escape an inlined answer that holds markup', async () => {
    const render = await fixture(registry, undefined, {
      firstLoad: HINTS,
      fetchApi: async () => [{ id: '</script><script>alert(1)</script>', isAnime: false, bodyImages: [] }],
    });
    const html = await render('/chat/42');
    expect(html).not.toContain('</script><script>alert');
    expect(html).toContain('\\u003c/script>');
  });

  it("should preload the route's page chunks the manifest pins, with their integrity, and only on that route", async () => {
    const render = await fixture(registry, undefined, {
      firstLoad: [
        { path: '/chat/:chatId', chunks: ['page'], files: ['page.1.css', 'page.1.js', 'unpinned.2.js'] },
      ],
      integrity: { 'page.1.js': 'sha384-js', 'page.1.css': 'sha384-css', 'expose.abc.js': 'sha384-expose' },
    });
    const html = await render('/chat/42');
    expect(html).toContain(
      '<link rel="preload" href="/remotes/chat/1.2.0/page.1.js" as="script" crossorigin="anonymous" integrity="sha384-js" />',
    );
    expect(html).toContain(
      '<link rel="preload" href="/remotes/chat/1.2.0/page.1.css" as="style" crossorigin="anonymous" integrity="sha384-css" />',
    );
    // A file the manifest does not pin would be fetched twice (the runtime loads it with integrity): not preloaded.
    expect(html).not.toContain('unpinned.2.js');
    expect(html).toContain('expose.abc.js" as="script" crossorigin="anonymous" integrity="sha384-expose" />');
    expect(await render('/chat')).not.toContain('page.1.js');
  });

  it("should tell the shell a crawler's page is a bot's, and say nothing on a visitor's", async () => {
    const render = await fixture(registry);
    expect(await render('/chat', null, { bot: true })).toContain('<meta name="bot" content="user-agent" />');
    expect(await render('/chat', null, { bot: false })).not.toContain('name="bot"');
    expect(await render('/chat')).not.toContain('name="bot"');
  });

  it('should pick images only from an array answer', () => {
    const images = { field: 'bodyImages', take: 3, rules: [{ where: {} }] };
    expect(hintedImages(images, { not: 'a list' }, new URLSearchParams())).toEqual([]);
    expect(hintedImages(images, MODELS, new URLSearchParams())).toEqual([
      '/api/images/r1.svg',
      '/api/images/a1.svg',
      '/api/images/r2.svg?x="1"',
    ]);
  });
});
