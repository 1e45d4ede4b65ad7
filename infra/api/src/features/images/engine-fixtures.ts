import { ImageEngineError } from '../../engines/image/http-image-engine.ts';

/** What the test fixture makes the caller's next generations do. */
export type EngineFixtureMode = 'normal' | 'fail' | 'hold' | 'release';

/**
 * Per-user behaviour of the image engine behind `POST testing/image-engine` (COMPANION_TEST_FIXTURES=1 only):
 * `fail` makes generations fail as an external engine would, `hold` parks them until `release`.
 */
export class EngineFixtures {
  private readonly failing = new Set<string>();
  private readonly held = new Map<string, { promise: Promise<void>; release: () => void }>();

  set(userId: string, mode: EngineFixtureMode): void {
    if (mode === 'fail') this.failing.add(userId);
    else this.failing.delete(userId);
    if (mode === 'hold' && !this.held.has(userId)) {
      let release!: () => void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      this.held.set(userId, { promise, release });
    }
    if (mode !== 'hold') {
      this.held.get(userId)?.release();
      this.held.delete(userId);
    }
  }

  /** Runs before the engine: waits while held, then fails when asked to. */
  async before(userId: string): Promise<void> {
    await this.held.get(userId)?.promise;
    if (this.failing.has(userId)) throw new ImageEngineError('test fixture: the engine fails', 500);
  }
}
