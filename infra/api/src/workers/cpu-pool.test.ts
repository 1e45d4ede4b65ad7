import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.ts';
import { createCpuPool } from './cpu-pool.ts';
import type { CpuPool } from './cpu-pool.ts';
import { FIXTURE_TASKS } from './cpu-pool.fixture.ts';

const pools: CpuPool[] = [];
function pool(options = { threads: 1, maxQueue: 1, perClient: 2 }): CpuPool {
  const created = createCpuPool(options);
  pools.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** A task holding the pool's thread until `open()`. */
function gate() {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  return {
    task: { module: FIXTURE_TASKS, name: 'held', input: shared },
    open() {
      Atomics.store(shared, 0, 1);
      Atomics.notify(shared, 0);
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('createCpuPool', () => {
  it('should run a task on a worker thread, not the event loop', async () => {
    expect(await pool().run('a', { module: FIXTURE_TASKS, name: 'where', input: null })).toEqual({
      isMainThread: false,
    });
  });

  it("should answer a task's HttpError with the same status, code, message and field", async () => {
    const error = await refusal(pool().run('a', { module: FIXTURE_TASKS, name: 'refuse', input: null }));
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'file: must be the file as base64',
      field: 'file',
    });
  });

  it('should refuse a client over its budget with 429 rate_limited and a retry time, while others still queue', async () => {
    const cpu = pool({ threads: 1, maxQueue: 4, perClient: 1 });
    const first = gate();
    const running = cpu.run('alice', first.task);
    const error = await refusal(cpu.run('alice', { module: FIXTURE_TASKS, name: 'where', input: null }));
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 2 });
    const bob = cpu.run('bob', { module: FIXTURE_TASKS, name: 'where', input: null });
    first.open();
    expect(await running).toBe('released');
    expect(await bob).toEqual({ isMainThread: false });
  });

  it('should refuse every client with 503 server_busy once the shared queue is full', async () => {
    const cpu = pool({ threads: 1, maxQueue: 1, perClient: 2 });
    const first = gate();
    const running = cpu.run('alice', first.task);
    // The thread is busy: bob's task waits in the queue, which is then full.
    const queued = cpu.run('bob', { module: FIXTURE_TASKS, name: 'where', input: null });
    const error = await refusal(cpu.run('carol', { module: FIXTURE_TASKS, name: 'where', input: null }));
    expect(error).toMatchObject({ status: 503, code: 'server_busy', retryAfterSeconds: 2 });
    first.open();
    await Promise.all([running, queued]);
  });

  it('should let running tasks finish on close, then refuse new ones', async () => {
    const cpu = pool();
    const first = gate();
    const running = cpu.run('alice', first.task);
    const closing = cpu.close();
    first.open();
    expect(await running).toBe('released');
    await closing;
    const error = await refusal(cpu.run('alice', { module: FIXTURE_TASKS, name: 'where', input: null }));
    expect(error).toMatchObject({ status: 503, code: 'server_busy' });
  });
});
