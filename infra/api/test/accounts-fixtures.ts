// Suite fixtures for the account and payment suites: one app per `describe`, opened before its tests and
// closed after them.

import { afterAll, beforeAll } from 'vitest';
import { createTestApp } from './harness.ts';
import type { Backend, TestApp } from './harness.ts';

/**
 * `open()`'s app for the enclosing suite. The object returned is empty until the suite's `beforeAll` has run,
 * then it carries the app's fields (read them inside tests and hooks, not while the suite is being declared).
 */
export function perSuite<T extends { close(): Promise<void> }>(open: () => Promise<T>): T {
  const suite = {} as T;
  let opened: T | undefined;
  beforeAll(async () => {
    opened = await open();
    Object.assign(suite, opened);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return suite;
}

/** `createTestApp(backend, options)` for the enclosing suite. */
export function testAppPerSuite(
  backend: Backend,
  options: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  return perSuite(() => createTestApp(backend, options));
}
