import { describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_CANVAS, FINGERPRINT_SIGNALS, createFingerprint, sampleCanvas } from './fingerprint.ts';

const CHROME_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const SAMSUNG_UA =
  'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36';

/** A document whose 2D canvases count their reads and return `pixels(run)` as the picture. */
function countingDocument(pixels: (run: number) => number[]) {
  const reads: Array<{ width: number; height: number }> = [];
  const noop = () => {};
  const doc = {
    createElement: () => {
      const canvas = {
        width: 0,
        height: 0,
        getContext: () => ({
          createLinearGradient: () => ({ addColorStop: noop }),
          fillRect: noop,
          fillText: noop,
          beginPath: noop,
          moveTo: noop,
          lineTo: noop,
          stroke: noop,
          getImageData: (_x: number, _y: number, width: number, height: number) => {
            reads.push({ width, height });
            return { data: new Uint8ClampedArray(pixels(reads.length - 1)) };
          },
        }),
      };
      return canvas;
    },
  };
  return { doc: doc as unknown as Document, reads };
}

describe('fingerprint', () => {
  it('should build the hash from all eleven spec signals with a 1000 ms timeout, no stabilisation and no telemetry', async () => {
    const seen: unknown[] = [];
    const components: string[] = [];
    class Thumbmark {
      constructor(options: unknown) {
        seen.push(options);
      }
      includeComponent(name: string) {
        components.push(name);
      }
      get = async () => ({ thumbmark: 'abc123' });
    }
    const fingerprint = createFingerprint({ load: async () => ({ Thumbmark }) as never });
    await expect(fingerprint.get()).resolves.toBe('abc123');
    await fingerprint.get();
    expect(seen).toHaveLength(1);
    expect(FINGERPRINT_SIGNALS).toHaveLength(11);
    expect(seen[0]).toMatchObject({
      include: [...FINGERPRINT_SIGNALS],
      timeout: 1000,
      logging: false,
      stabilize: [],
    });
    // The canvas signal is the shell's own (sampling rule below), registered under thumbmark's name.
    expect(components).toEqual(['canvas']);
    fingerprint.reset();
    await fingerprint.get();
    expect(seen).toHaveLength(2);
  });

  it('should sample the 280x20 canvas once per fingerprint, and 3 times in a Samsung browser', async () => {
    const chrome = countingDocument(() => [1, 2, 3, 4]);
    await sampleCanvas(chrome.doc, CHROME_UA);
    expect(chrome.reads).toEqual([FINGERPRINT_CANVAS]);
    expect(FINGERPRINT_CANVAS).toEqual({ width: 280, height: 20 });

    // Samsung adds noise per read: the most frequent value of each byte wins, so noise in one run is dropped.
    const samsung = countingDocument((run) => (run === 1 ? [9, 9, 9, 9] : [1, 2, 3, 4]));
    const noisy = await sampleCanvas(samsung.doc, SAMSUNG_UA);
    expect(samsung.reads).toHaveLength(3);
    const clean = await sampleCanvas(countingDocument(() => [1, 2, 3, 4]).doc, CHROME_UA);
    expect(noisy).toEqual(clean);
  });

  it('should not load ThumbmarkJS before the page has painted (ADR 0236)', async () => {
    let painted!: () => void;
    const ready = new Promise<void>((resolve) => (painted = resolve));
    const load = vi.fn(
      async () =>
        ({
          Thumbmark: class {
            includeComponent() {}
            get = async () => ({ thumbmark: 'h' });
          },
        }) as never,
    );
    const hash = createFingerprint({ load, ready: () => ready }).get();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(load).not.toHaveBeenCalled();
    painted();
    await expect(hash).resolves.toBe('h');
    expect(load).toHaveBeenCalledOnce();
  });

  it('should report a failure and yield an empty hash', async () => {
    const report = vi.fn();
    const fingerprint = createFingerprint({
      load: () => Promise.reject(new Error('chunk failed')),
      report,
    });
    await expect(fingerprint.get()).resolves.toBe('');
    expect(report).toHaveBeenCalledWith(expect.objectContaining({ message: 'chunk failed' }));
  });

  it('should compute a real hash in a DOM with the real library', async () => {
    const report = vi.fn();
    const hash = await createFingerprint({ report }).get();
    // jsdom lacks canvas and audio; the library still hashes what it can, or the failure is reported.
    expect(hash === '' ? report.mock.calls.length : hash.length).toBeGreaterThan(0);
  });
});
