import { gzipSync } from 'node:zlib';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { registerAccount } from '../support/sign-in.ts';

/** What one cold page load cost. */
export interface LoadSample {
  requests: number;
  jsRequests: number;
  /** JS bytes as they crossed the wire (the server's encoding: brotli or gzip). */
  jsWireBytes: number;
  /** JS bytes re-compressed with gzip level 6, comparable across servers. */
  jsGzipBytes: number;
  /** ms from navigation start to the first `[data-testid="remote-page"]` in the DOM. */
  firstRenderMs: number | null;
  /** JS (gzip-6) of the remote's own files (`/remotes/…`): what the route adds beyond the shell. */
  jsBeyondShellBytes: number;
  /**
   * ms to the remote's own render of its page (`[data-remote-outlet] [data-testid="remote-page"]`): with a
   * server-rendered first screen, when its hydration moved it into the outlet (ADR 0452); else its first render.
   */
  hydratedMs: number | null;
  /** ms to the first explore card image shown, when the page has cards. */
  firstCardImageMs: number | null;
  /** JS (gzip-6) whose download had finished when the first card image was shown. */
  jsBeforeCardBytes: number | null;
  jsFiles: { url: string; gzip: number }[];
}

const gzipCache = new Map<string, number>();

/** The issues' slow profile: 150 ms latency, 1.6 Mbps down (750 kbps up). */
export const THROTTLE = { latencyMs: 150, downloadKbps: 1600 } as const;
export type Throttle = { latencyMs: number; downloadKbps: number };

/** A fresh page of `context`, throttled through CDP when `throttle` is given. */
export async function openPage(context: BrowserContext, throttle?: Throttle | null): Promise<Page> {
  const page = await context.newPage();
  if (throttle) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttle.latencyMs,
      downloadThroughput: (throttle.downloadKbps * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  }
  return page;
}

/** Loads `url` in a fresh context (cold cache) and measures it. */
export async function measureLoad(browser: Browser, url: string, throttle?: Throttle): Promise<LoadSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await openPage(context, throttle);
  // A string, not a function: tsx's transform would wrap a function in helpers the page does not have.
  await page.addInitScript(`(() => {
    const mark = () => {
      if (window.__firstRender === undefined && document.querySelector('[data-testid="remote-page"]')) {
        window.__firstRender = performance.now();
      }
      if (window.__hydrated === undefined &&
          document.querySelector('[data-remote-outlet] [data-testid="remote-page"]')) {
        window.__hydrated = performance.now();
      }
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
    window.__firstCardImage = null;
    document.addEventListener('load', (event) => {
      const target = event.target;
      if (window.__firstCardImage === null && target instanceof HTMLImageElement &&
          target.closest('[data-testid="model-card"]')) {
        requestAnimationFrame(() => { window.__firstCardImage ??= performance.now(); });
      }
    }, true);
  })();`);
  const pending: Promise<void>[] = [];
  const sample: LoadSample = {
    requests: 0,
    jsRequests: 0,
    jsWireBytes: 0,
    jsGzipBytes: 0,
    firstRenderMs: null,
    hydratedMs: null,
    jsBeyondShellBytes: 0,
    firstCardImageMs: null,
    jsBeforeCardBytes: null,
    jsFiles: [],
  };
  page.on('requestfinished', (request) => {
    sample.requests += 1;
    if (request.resourceType() !== 'script') return;
    sample.jsRequests += 1;
    pending.push(
      (async () => {
        const sizes = await request.sizes();
        sample.jsWireBytes += sizes.responseBodySize;
        const response = await request.response();
        const key = request.url();
        let gzip = gzipCache.get(key);
        if (gzip === undefined && response) {
          gzip = gzipSync(await response.body(), { level: 6 }).length;
          gzipCache.set(key, gzip);
        }
        sample.jsGzipBytes += gzip ?? 0;
        sample.jsFiles.push({ url: new URL(key).pathname, gzip: gzip ?? 0 });
      })(),
    );
  });
  // A generous time-out: on a loaded machine a throttled cold load can pass 30 s; the bench reports, never fails.
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForSelector('[data-testid="remote-page"]', { timeout: 30_000 }).catch(() => undefined);
  if (['/', '/premium-models'].includes(new URL(url).pathname))
    await page
      .waitForFunction('window.__firstCardImage !== null', undefined, { timeout: 60_000 })
      .catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  await page
    .waitForSelector('[data-remote-outlet] [data-testid="remote-page"]', { timeout: 30_000 })
    .catch(() => undefined);
  sample.firstRenderMs = (await page.evaluate('window.__firstRender ?? null')) as number | null;
  sample.hydratedMs = (await page.evaluate('window.__hydrated ?? null')) as number | null;
  sample.firstCardImageMs = (await page.evaluate('window.__firstCardImage')) as number | null;
  sample.jsBeyondShellBytes = sample.jsFiles
    .filter((file) => file.url.startsWith('/remotes/'))
    .reduce((sum, file) => sum + file.gzip, 0);
  if (sample.firstCardImageMs !== null) {
    const done = (await page.evaluate(`performance.getEntriesByType('resource')
      .filter((e) => e.responseEnd <= ${sample.firstCardImageMs}).map((e) => new URL(e.name).pathname)`)) as string[];
    sample.jsBeforeCardBytes = sample.jsFiles
      .filter((file) => done.includes(file.url))
      .reduce((sum, file) => sum + file.gzip, 0);
  }
  await context.close();
  return sample;
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One switch: click → first render, and how many of the remote's files were still requested after the click. */
export interface SwitchSample {
  ms: number | null;
  /** Requests under `/remotes/` between the click and the first render: 0 when the hover preload did its job. */
  remoteRequestsAfterClick: number;
}

/**
 * Switching to a remote not loaded yet, after the link's hover preload: from `/`, hover the sidebar's Pricing link
 * (the shell preloads checkout: manifest, entry, exposed chunks and CSS, and runs the module), wait until the
 * network is idle, click, and time click → checkout's first render.
 */
export async function measureSwitch(browser: Browser, origin: string): Promise<SwitchSample> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(`(() => {
    window.__clickAt = null; window.__switched = null;
    document.addEventListener('click', () => { window.__clickAt ??= performance.now(); }, true);
    new MutationObserver(() => {
      if (window.__clickAt !== null && window.__switched === null &&
          document.querySelector('[data-remote="checkout"] [data-testid="remote-page"]'))
        window.__switched = performance.now();
    }).observe(document, { childList: true, subtree: true });
  })();`);
  await page.goto(`${origin}/`, { waitUntil: 'load' });
  await page.waitForSelector('[data-remote="explore"] [data-testid="remote-page"]', { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const link = page.locator('[data-testid="shell-sidebar"] a[href^="/pricing"]').first();
  // Dispatched on the link itself: the first visit's welcome popup may cover the sidebar.
  await link.dispatchEvent('mouseover');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  const afterClick: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/remotes/')) afterClick.push(request.url());
  });
  await link.dispatchEvent('click', { button: 0 });
  await page
    .waitForFunction('window.__switched !== null', undefined, { timeout: 30_000 })
    .catch(() => undefined);
  const ms = (await page.evaluate(
    'window.__switched === null ? null : window.__switched - window.__clickAt',
  )) as number | null;
  await context.close();
  return { ms, remoteRequestsAfterClick: afterClick.length };
}

/**
 * Counts the finished requests of `page` and the gzip bytes (level 6, cached per URL) of its scripts; the returned
 * function waits for the last script body and gives the totals.
 */
export function countScripts(page: Page): () => Promise<{ requests: number; jsGzipBytes: number }> {
  let requests = 0;
  let jsGzipBytes = 0;
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    requests += 1;
    if (request.resourceType() !== 'script') return;
    pending.push(
      (async () => {
        let gzip = gzipCache.get(request.url());
        if (gzip === undefined) {
          const response = await request.response();
          gzip = response ? gzipSync(await response.body(), { level: 6 }).length : 0;
          gzipCache.set(request.url(), gzip);
        }
        jsGzipBytes += gzip;
      })(),
    );
  });
  return async () => {
    await Promise.all(pending);
    return { requests, jsGzipBytes };
  };
}

/** A new registered user of the bench's stack at `origin` with `tokens` credited (the API's test fixture). */
export async function benchAccount(
  request: APIRequestContext,
  origin: string,
  prefix: string,
  tokens: number,
) {
  const { accessToken, refreshToken } = await registerAccount(request, prefix, 'Bench-pass-123', origin);
  const headers = { authorization: `Bearer ${accessToken}` };
  await request.post(`${origin}/api/testing/user-tokens`, { headers, data: { amount: tokens } });
  return { accessToken, refreshToken, headers };
}
