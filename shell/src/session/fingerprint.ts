import type { Thumbmark } from '@thumbmarkjs/thumbmarkjs';

/** The spec's fingerprint signals (000 §3), exactly; thumbmark's extra webrtc and speech are left out. */
export const FINGERPRINT_SIGNALS = [
  'audio',
  'canvas',
  'fonts',
  'hardware',
  'locales',
  'permissions',
  'plugins',
  'screen',
  'system',
  'webgl',
  'math',
] as const;

/** Spec 000 §5: each signal gets 1000 ms. */
const FINGERPRINT_SIGNAL_TIMEOUT_MS = 1000;

/** Spec 000 §5: the canvas is 280×20. */
export const FINGERPRINT_CANVAS = { width: 280, height: 20 } as const;

/** The device fingerprint, computed once per session and recomputed after `reset()` (logout). */
export interface Fingerprint {
  /** The hash; '' when collection failed (the failure is reported, never thrown). */
  get(): Promise<string>;
  reset(): void;
}

/** Spec 000 §5: canvas and WebGL are sampled once per fingerprint, 3 times in a Samsung browser. */
function canvasRunsFor(userAgent: string): 1 | 3 {
  return /SamsungBrowser\//i.test(userAgent) ? 3 : 1;
}

function drawCanvas(doc: Document): ImageData | null {
  const canvas = doc.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  canvas.width = FINGERPRINT_CANVAS.width;
  canvas.height = FINGERPRINT_CANVAS.height;
  // The same picture as ThumbmarkJS's own canvas component, so the signal keeps its value.
  const gradient = ctx.createLinearGradient(0, 0, canvas.width, canvas.height);
  ['red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'violet'].forEach((color, index) =>
    gradient.addColorStop(index / 6, color),
  );
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const text = 'Random Text WMwmil10Oo';
  ctx.font = '23.123px Arial';
  ctx.fillStyle = 'black';
  ctx.fillText(text, -5, 15);
  ctx.fillStyle = 'rgba(0, 0, 255, 0.5)';
  ctx.fillText(text, -3.3, 17.7);
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo((canvas.width * 2) / 7, canvas.height);
  ctx.strokeStyle = 'white';
  ctx.lineWidth = 2;
  ctx.stroke();
  return ctx.getImageData(0, 0, canvas.width, canvas.height);
}

/** FNV-1a over the pixel bytes: a stable number for the component (thumbmark hashes the whole result again). */
function fnv1a(bytes: Uint8ClampedArray): string {
  let hash = 0x811c9dc5;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  return hash.toString(16);
}

/**
 * The canvas signal with the spec's sampling: thumbmark 1.11.0 draws its canvas 3 times in every browser, so the
 * shell registers this component under the same name. With 3 runs (Samsung Internet adds noise per read) each
 * byte takes its most frequent value.
 */
export async function sampleCanvas(
  doc: Document = document,
  userAgent: string = navigator.userAgent,
): Promise<{ commonPixelsHash: string } | null> {
  const images: ImageData[] = [];
  for (let run = 0; run < canvasRunsFor(userAgent); run += 1) {
    const image = drawCanvas(doc);
    if (image) images.push(image);
  }
  if (images.length === 0) return null;
  const [a, b = a, c = a] = images.map((image) => image.data) as [Uint8ClampedArray, ...Uint8ClampedArray[]];
  const common = a.map((x, i) => (x === b[i] || x === c[i] ? x : b[i] === c[i] ? b[i]! : x));
  return { commonPixelsHash: fnv1a(common) };
}

/** The longest the fingerprint waits for the page's load: a slow image must not hold the visitor's session back. */
const FIRST_PAINT_WAIT_MS = 2000;

/**
 * Resolves once the page has loaded (the route's first render and the images it preloads), or after
 * {@link FIRST_PAINT_WAIT_MS}, then yields a task: the fingerprint's script and its canvas, audio and font probes do
 * not compete with the first paint (ADR 0236).
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 0);
    if (typeof document === 'undefined' || document.readyState === 'complete') {
      later();
      return;
    }
    window.addEventListener('load', later, { once: true });
    setTimeout(resolve, FIRST_PAINT_WAIT_MS);
  });
}

/** Device fingerprint via ThumbmarkJS, loaded on first need after the first paint, out of the first-load bundle. */
export function createFingerprint(
  options: {
    load?: () => Promise<{ Thumbmark: typeof Thumbmark }>;
    report?: (error: unknown) => void;
    /** Waits before loading ThumbmarkJS; default until the page has loaded. */
    ready?: () => Promise<void>;
  } = {},
): Fingerprint {
  const load = options.load ?? (() => import('@thumbmarkjs/thumbmarkjs'));
  const ready = options.ready ?? afterFirstPaint;
  const report = options.report ?? ((error: unknown) => console.error('[session] fingerprint failed', error));
  let cached: Promise<string> | null = null;
  const compute = async (): Promise<string> => {
    try {
      await ready();
      const { Thumbmark } = await load();
      const thumbmark = new Thumbmark({
        include: [...FINGERPRINT_SIGNALS],
        timeout: FINGERPRINT_SIGNAL_TIMEOUT_MS,
        // Off: thumbmark's sampled telemetry would call its own server, and we send nothing off-site.
        logging: false,
        // Off: the default stabilisation drops canvas, audio, fonts or permissions in some browsers; the spec
        // builds the hash from all eleven signals wherever the browser offers them.
        stabilize: [],
      });
      thumbmark.includeComponent('canvas', () => sampleCanvas());
      const result = await thumbmark.get();
      if (!result.thumbmark) throw new Error(result.error?.map((e) => e.message).join('; ') || 'empty hash');
      return result.thumbmark;
    } catch (error) {
      report(error);
      return '';
    }
  };
  return {
    get() {
      cached ??= compute();
      return cached;
    },
    reset() {
      cached = null;
    },
  };
}
