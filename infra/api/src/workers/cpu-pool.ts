// CPU-heavy work (card codecs, PNG export, rasterising) runs on a small bounded pool of worker threads, so one
// user's 680 KB card import no longer holds the event loop every other request waits on (ADR 0310).
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.ts';

/** A task: a named export of a module (its URL) taking one structured-cloneable input. */
export interface CpuTask<Input> {
  module: URL;
  name: string;
  input: Input;
}

/** The pool as routes see it: `run` on behalf of a client (user id or address), `close` with the app. */
export interface CpuPool {
  run<Output>(client: string, task: CpuTask<unknown>): Promise<Output>;
  close(): Promise<void>;
}

/** Sizes of the pool. */
export interface CpuPoolOptions {
  threads: number;
  /** Tasks waiting for a thread, all clients together; one more is 503 `server_busy`. */
  maxQueue: number;
  /** Tasks one client may have queued or running at once; one more is 429 `rate_limited`. */
  perClient: number;
}

/** Seconds a refused client is told to wait: a queue of card imports drains in well under that. */
const RETRY_AFTER_SECONDS = 2;

function refused(status: 429 | 503, code: 'rate_limited' | 'server_busy', reason: string): HttpError {
  return new HttpError(
    status,
    code,
    `${reason}: retry in ${RETRY_AFTER_SECONDS} s.`,
    undefined,
    RETRY_AFTER_SECONDS,
  );
}

/** Threads for CPU work by default: every core but the one the event loop runs on (at least one). */
export function defaultCpuThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** A bounded worker pool with a global queue budget and a per-client budget, answered as 503 / 429 JSON. */
export function createCpuPool(options: CpuPoolOptions): CpuPool {
  const threads = Math.max(1, options.threads);
  const piscina = new Piscina({
    filename: new URL('./cpu-worker.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    maxQueue: options.maxQueue,
    // An idle API keeps no threads (tests build many apps); a busy one keeps them warm.
    idleTimeout: 30_000,
    // On a shared machine the scheduler prefers the event loop: a conversion waits, other users' requests do not.
    niceIncrement: 10,
  });
  const inFlight = new Map<string, number>();
  const accepted = new Set<Promise<unknown>>();
  let closed = false;

  return {
    async run<Output>(client: string, task: CpuTask<unknown>): Promise<Output> {
      if (closed) throw new HttpError(503, 'server_busy', 'The server is shutting down: retry in a moment.');
      const mine = inFlight.get(client) ?? 0;
      if (mine >= options.perClient) throw refused(429, 'rate_limited', 'Too many file conversions at once');
      // Accepted = running + waiting: counted here, synchronously, rather than read from the pool's own queue.
      if (accepted.size >= threads + options.maxQueue)
        throw refused(503, 'server_busy', 'The server is busy converting files');
      inFlight.set(client, mine + 1);
      const run = piscina.run({ module: task.module.href, name: task.name, input: task.input }) as Promise<
        { value: Output } | { httpError: Pick<HttpError, 'status' | 'code' | 'message' | 'field'> }
      >;
      accepted.add(run);
      try {
        const result = await run;
        if ('httpError' in result) {
          const { status, code, message, field } = result.httpError;
          throw new HttpError(status, code, message, field);
        }
        return result.value;
      } finally {
        accepted.delete(run);
        const left = (inFlight.get(client) ?? 1) - 1;
        if (left <= 0) inFlight.delete(client);
        else inFlight.set(client, left);
      }
    },
    async close() {
      closed = true;
      // Every accepted task finishes (its request is answered before the server closes), then the threads exit.
      await Promise.allSettled([...accepted]);
      await piscina.close();
    },
  };
}
