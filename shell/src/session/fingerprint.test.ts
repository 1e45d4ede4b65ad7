import { describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_SIGNALS, createFingerprint } from './fingerprint.ts';

describe('fingerprint', () => {
  it('should ask thumbmark for exactly the spec signals with a 1000 ms timeout and no telemetry', async () => {
    const seen: unknown[] = [];
    class Thumbmark {
      constructor(options: unknown) {
        seen.push(options);
      }
      get = async () => ({ thumbmark: 'abc123' });
    }
    const fingerprint = createFingerprint({ load: async () => ({ Thumbmark }) as never });
    await expect(fingerprint.get()).resolves.toBe('abc123');
    await fingerprint.get();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ include: [...FINGERPRINT_SIGNALS], timeout: 1000, logging: false });
    fingerprint.reset();
    await fingerprint.get();
    expect(seen).toHaveLength(2);
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
