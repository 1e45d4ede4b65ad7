import { ImageEngineError } from '../../engines/image/remote-image-engine.ts';

/** What the test fixture makes the caller's next generations do. */
export type EngineFixtureMode = 'normal' | 'fail' | 'hold' | 'next' | 'release';

interface Hold {
  /** Images parked until a `next` or `release`. */
  waiting: (() => void)[];
  /** `next`s that came before any image was parked. */
  credits: number;
}

/**
 * Per-user behaviour of the image engine behind `POST testing/image-engine` (COMPANION_TEST_FIXTURES=1 only):
 * `fail` makes generations fail as an external engine would; `hold` parks every image before it is stored, `next`
 * lets one parked image through (so e2e sees slots fill one by one), `release` lets them all through and ends it.
 */
export class EngineFixtures {
  private readonly failing = new Set<string>();
  private readonly held = new Map<string, Hold>();

  set(userId: string, mode: EngineFixtureMode): void {
    if (mode === 'next') {
      const hold = this.held.get(userId);
      if (!hold) return;
      const waiter = hold.waiting.shift();
      if (waiter) waiter();
      else hold.credits += 1;
      return;
    }
    if (mode === 'fail') this.failing.add(userId);
    else this.failing.delete(userId);
    if (mode === 'hold') {
      if (!this.held.has(userId)) this.held.set(userId, { waiting: [], credits: 0 });
      return;
    }
    for (const waiter of this.held.get(userId)?.waiting ?? []) waiter();
    this.held.delete(userId);
  }

  /** Runs before each image is stored: waits while held, then fails when asked to. */
  async before(userId: string): Promise<void> {
    const hold = this.held.get(userId);
    if (hold) {
      if (hold.credits > 0) hold.credits -= 1;
      else await new Promise<void>((resolve) => hold.waiting.push(resolve));
    }
    if (this.failing.has(userId)) throw new ImageEngineError('test fixture: the engine fails', 500);
  }
}
