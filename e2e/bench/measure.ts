import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';

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
    };
    new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  })();`);
  const pending: Promise<void>[] = [];
  const sample: LoadSample = {
    requests: 0,
    jsRequests: 0,
    jsWireBytes: 0,
    jsGzipBytes: 0,
    firstRenderMs: null,
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
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForSelector('[data-testid="remote-page"]', { timeout: 30_000 }).catch(() => undefined);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  sample.firstRenderMs = (await page.evaluate('window.__firstRender ?? null')) as number | null;
  await context.close();
  return sample;
}

/** The median of some numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
