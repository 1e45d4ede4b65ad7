// Tasks for cpu-pool.test.ts: where a task runs, an HttpError crossing threads, and a task that holds its thread
// until the test opens a gate (Atomics, no timers).
import { isMainThread } from 'node:worker_threads';
import { HttpError } from '../http/errors.ts';

export const FIXTURE_TASKS = new URL(import.meta.url);

export function where(): { isMainThread: boolean } {
  return { isMainThread };
}

export function refuse(): never {
  throw new HttpError(400, 'validation_failed', 'file: must be the file as base64', 'file');
}

/** Blocks its thread until `gate[0]` becomes 1 (the test stores it and notifies). */
export function held(gate: Int32Array): string {
  Atomics.wait(gate, 0, 0);
  return 'released';
}
