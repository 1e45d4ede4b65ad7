import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORE_FEATURES } from '../../app.ts';
import { bearer, createTestApp, preRegister, requestAs } from '../../../test/harness.ts';
import type { TestApp, TestSession } from '../../../test/harness.ts';
import { createCpuPool } from '../../workers/cpu-pool.ts';
import { FIXTURE_TASKS } from '../../workers/cpu-pool.fixture.ts';
import { encodeCardV3 } from './card-codec.ts';
import { charactersFeature } from './index.ts';

// A card import is parsed on the CPU pool: a client already converting a file, or a pool whose queue is full,
// is answered at once with JSON naming the reason, not queued behind everyone's work on the event loop.
describe('card import on the CPU pool', () => {
  const cpu = createCpuPool({ threads: 1, maxQueue: 1, perClient: 1 });
  let t: TestApp;
  let alice: TestSession;
  let bob: TestSession;
  let carol: TestSession;
  const card = Buffer.from(
    JSON.stringify(encodeCardV3({ name: 'Mira', description: 'A painter.', draft: {} })),
  ).toString('base64');
  const importCard = (session: TestSession) =>
    requestAs(t.app, session, 'POST', '/api/PersonModel/import-card', { file: card });

  beforeAll(async () => {
    t = await createTestApp('pglite', { features: [...CORE_FEATURES, charactersFeature()], cpu });
    [alice, bob, carol] = await Promise.all([preRegister(t.app), preRegister(t.app), preRegister(t.app)]);
  });
  afterAll(async () => {
    await t?.close();
    await cpu.close();
  });

  /** Holds the pool's only thread for `client` until `open()`. */
  function hold(client: string) {
    const gate = new Int32Array(new SharedArrayBuffer(4));
    const running = cpu.run(client, { module: FIXTURE_TASKS, name: 'held', input: gate });
    return async () => {
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      await running;
    };
  }

  it('should import a card on the pool with the draft the card carries', async () => {
    const answer = await importCard(alice);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ spec: 'v3', draft: { name: 'Mira' } });
  });

  it('should answer 400 naming the field for a file that is not base64, from the pool', async () => {
    const answer = await requestAs(t.app, alice, 'POST', '/api/PersonModel/import-card', {
      file: 'not base64!',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error).toMatchObject({ code: 'validation_failed', field: 'file' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/PersonModel/import-card',
      headers: { ...bearer(alice.accessToken), 'content-type': 'application/json' },
      payload: '{"file":',
    });
    expect(broken.json().error).toEqual({
      code: 'invalid_json',
      message: 'Body is not valid JSON.',
      field: 'body',
    });
  });

  it('should answer 429 rate_limited with Retry-After to a client whose conversion is still running', async () => {
    const release = hold(alice.userId);
    const answer = await importCard(alice);
    expect(answer.statusCode).toBe(429);
    expect(answer.json().error.code).toBe('rate_limited');
    expect(answer.headers['retry-after']).toBe('2');
    await release();
  });

  it('should answer 503 server_busy with Retry-After when the shared queue is full', async () => {
    const release = hold(bob.userId);
    // Another task waits for the thread and fills the queue of one.
    const queued = cpu.run('dave', { module: FIXTURE_TASKS, name: 'where', input: null });
    const answer = await importCard(carol);
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error).toEqual({
      code: 'server_busy',
      message: 'The server is busy converting files: retry in 2 s.',
    });
    expect(answer.headers['retry-after']).toBe('2');
    await release();
    expect(await queued).toEqual({ isMainThread: false });
    expect((await importCard(carol)).statusCode).toBe(200);
  });
});
