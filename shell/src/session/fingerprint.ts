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

/** The device fingerprint, computed once per session and recomputed after `reset()` (logout). */
export interface Fingerprint {
  /** The hash; '' when collection failed (the failure is reported, never thrown). */
  get(): Promise<string>;
  reset(): void;
}

/** Device fingerprint via ThumbmarkJS, loaded on first need so it stays out of the first-load bundle. */
export function createFingerprint(
  options: {
    load?: () => Promise<{ Thumbmark: typeof Thumbmark }>;
    report?: (error: unknown) => void;
  } = {},
): Fingerprint {
  // Preload: fetched in parallel with the bootstrap chunk, since a first visit needs it before its first request.
  const load = options.load ?? (() => import(/* webpackPreload: true */ '@thumbmarkjs/thumbmarkjs'));
  const report = options.report ?? ((error: unknown) => console.error('[session] fingerprint failed', error));
  let cached: Promise<string> | null = null;
  const compute = async (): Promise<string> => {
    try {
      const { Thumbmark } = await load();
      const result = await new Thumbmark({
        include: [...FINGERPRINT_SIGNALS],
        timeout: FINGERPRINT_SIGNAL_TIMEOUT_MS,
        // Off: thumbmark's sampled telemetry would call its own server, and we send nothing off-site.
        logging: false,
      }).get();
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
