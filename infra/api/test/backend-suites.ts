// The shape of a suite that runs once per backend, with what it opens before its tests and closes after them.
// Kept apart from `harness.ts`, which the benches import outside the test runner.

import { afterAll, beforeAll, describe } from 'vitest';
import { BACKENDS, createTestApp, openTestDatabase } from './harness.ts';
import type { Backend, TestApp } from './harness.ts';

/**
 * `describe(title)` once per backend (`$backend` in the title names it), with the suite `inner` inside it,
 * skipped where that backend does not answer.
 */
export function describeEachBackend(title: string, inner: string, body: (backend: Backend) => void): void {
  describe.each(BACKENDS)(title, ({ backend, available }) => {
    describe.skipIf(!available)(inner, () => body(backend));
  });
}

/** A migrated database for the enclosing suite: opened before its tests, dropped after them. */
export function useTestDatabase(backend: Backend): Pick<TestApp, 'db'> {
  let opened: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase(backend);
  });
  afterAll(async () => opened?.cleanup());
  return {
    get db() {
      if (!opened) throw new Error('the test database opens before the suite’s tests');
      return opened.db;
    },
  };
}

/** What {@link createTestApp} takes, or a function making it when the suite starts (after earlier `beforeAll`s). */
type TestAppOptions = NonNullable<Parameters<typeof createTestApp>[1]>;

/**
 * A test app for the enclosing suite: built before its tests, closed after them. Its fields are there once the
 * suite's tests (and its later `beforeAll`s) run.
 */
export function useTestApp(
  backend: Backend,
  options: TestAppOptions | (() => TestAppOptions | Promise<TestAppOptions>) = {},
): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(backend, typeof options === 'function' ? await options() : options));
  });
  afterAll(async () => t.close?.());
  return t;
}
