import type { PixelCall } from './pixel-events.ts';
import type { AdNetwork, PixelConfig } from './pixel-rules.ts';

/** The networks' own script URLs, loaded only for a configured network this visit belongs to. */
export const PIXEL_SCRIPTS: Record<AdNetwork, string> = {
  facebook: 'https://connect.facebook.net/en_US/fbevents.js',
  tiktok: 'https://analytics.tiktok.com/i18n/pixel/events.js',
  snapchat: 'https://sc-static.net/scevent.min.js',
  twitter: 'https://static.ads-twitter.com/uwt.js',
};

/** The script of a network; TikTok's names the pixel id in its query, as its base code does. */
export function scriptUrl(network: AdNetwork, config: PixelConfig): string {
  return network === 'tiktok' && config.tiktok
    ? `${PIXEL_SCRIPTS.tiktok}?sdkid=${encodeURIComponent(config.tiktok)}&lib=ttq`
    : PIXEL_SCRIPTS[network];
}

/** Where pixel calls go: the browser's network globals, or a recorder in tests. */
export interface PixelSink {
  /** Installs the network's queue and starts loading its script `src` (once). */
  load(network: AdNetwork, src: string): void;
  call(network: AdNetwork, call: PixelCall): void;
}

/** 001 §4: pixel failures are logged as warnings, never thrown into the page. */
export function warnPixel(network: AdNetwork, what: string, error?: unknown): void {
  console.warn(`[tracking] ${network} pixel: ${what}`, error ?? '');
}

type Queue = ((...args: unknown[]) => void) & Record<string, unknown> & { queue: unknown[] };
type PixelWindow = Window & Record<string, unknown>;

const TIKTOK_METHODS = ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready'];

/** A base-code queue: calls go to the script's `handler` once it has set it, into `queue` until then. */
function queueCalling(handler: string, extra: Record<string, unknown> = {}): Queue {
  const queue = ((...args: unknown[]) => {
    if (typeof queue[handler] === 'function') (queue[handler] as Queue)(...args);
    else queue.queue.push(args);
  }) as Queue;
  return Object.assign(queue, { queue: [] }, extra);
}

/**
 * Each network's documented base-code queue, so calls made before its script arrives are kept and replayed by
 * it: `fbq`, `ttq`, `snaptr`, `twq`.
 */
function installQueue(win: PixelWindow, network: AdNetwork): void {
  switch (network) {
    case 'facebook': {
      if (win['fbq']) break;
      const fbq = queueCalling('callMethod', { loaded: true, version: '2.0' });
      fbq['push'] = fbq;
      win['fbq'] = fbq;
      win['_fbq'] ??= fbq;
      break;
    }
    case 'tiktok': {
      if (win['ttq']) break;
      const ttq = [] as unknown as unknown[] & Record<string, unknown>;
      win['TiktokAnalyticsObject'] = 'ttq';
      for (const method of TIKTOK_METHODS)
        ttq[method] = (...args: unknown[]) => void ttq.push([method, ...args]);
      ttq['load'] = (id: string) => {
        const instances = (ttq['_i'] ??= {}) as Record<string, unknown>;
        instances[id] = Object.assign([], { _u: PIXEL_SCRIPTS.tiktok });
        ((ttq['_t'] ??= {}) as Record<string, number>)[id] = Date.now();
        ((ttq['_o'] ??= {}) as Record<string, unknown>)[id] = {};
      };
      win['ttq'] = ttq;
      break;
    }
    case 'snapchat': {
      if (win['snaptr']) break;
      win['snaptr'] = queueCalling('handleRequest');
      break;
    }
    case 'twitter': {
      if (win['twq']) break;
      win['twq'] = queueCalling('exe', { version: '1.1' });
      break;
    }
  }
}

const GLOBALS: Record<AdNetwork, string> = {
  facebook: 'fbq',
  tiktok: 'ttq',
  snapchat: 'snaptr',
  twitter: 'twq',
};

/** Pixels in the page: each network's queue installed and its script appended once. */
export function createBrowserPixels(win: Window = window, doc: Document = document): PixelSink {
  const loaded = new Set<AdNetwork>();
  const pixelWindow = win as PixelWindow;
  return {
    load(network, src) {
      if (loaded.has(network)) return;
      loaded.add(network);
      try {
        installQueue(pixelWindow, network);
        const script = doc.createElement('script');
        script.async = true;
        script.src = src;
        script.dataset['pixel'] = network;
        script.addEventListener('error', () => warnPixel(network, `script ${src} failed to load`));
        doc.head.appendChild(script);
      } catch (error) {
        warnPixel(network, 'could not be installed', error);
      }
    },
    call(network, [first, ...rest]) {
      try {
        const target = pixelWindow[GLOBALS[network]] as Queue | undefined;
        if (!target) return;
        if (network !== 'tiktok') {
          target(first, ...rest);
          return;
        }
        (target[first] as ((...args: unknown[]) => unknown) | undefined)?.(...rest);
      } catch (error) {
        warnPixel(network, `call ${String(first)} failed`, error);
      }
    },
  };
}
