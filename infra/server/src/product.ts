import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bootstrap, openConfiguredStore } from '@companion/registry';
import type { BootstrapOutcome } from '@companion/registry';
import type { FastifyInstance } from 'fastify';
import { readAdPixelConfig } from './ad-pixels.ts';
import { paymentFormCspSources } from './payment-form-csp.ts';
import { createOriginServer } from './origin-server.ts';

/** Everything `startProduct` needs; `start.ts` fills it from the environment. */
export interface ProductOptions {
  repoRoot: string;
  dataDir: string;
  shellDir: string;
  port: number;
  host: string;
  /** The API's internal port (`API_PORT`); omitted, a free one is chosen, so a second copy can start beside. */
  apiPort?: number | undefined;
  /** The API process: command and arguments, run from `repoRoot`. */
  apiCommand: [string, ...string[]];
  env: NodeJS.ProcessEnv;
  /** How long to wait for `GET /api/health` (a first PGlite open takes a few seconds). */
  healthTimeoutMs?: number;
  /** Restart delays after an API crash: `initial`, doubling up to `max` (default 500 ms → 30 s). */
  restartBackoffMs?: { initial: number; max: number };
  log: (line: string) => void;
}

/** A running product: the origin server and the supervised API child. */
export interface RunningProduct {
  url: string;
  server: FastifyInstance;
  /** The API's internal port (given, or chosen free). */
  apiPort: number;
  /** The current API child; a new one after each restart. */
  readonly api: ChildProcess;
  /** How many times the API was restarted after exiting on its own. */
  readonly apiRestarts: number;
  outcomes: BootstrapOutcome[];
  /** Stops the server and the API (SIGTERM, then SIGKILL after a grace period); no restart follows. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A start-up failure with the output that explains it. */
export class StartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartError';
  }
}

/** One API child: its process, its last output lines and its exit. */
interface ApiChild {
  process: ChildProcess;
  tail: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: string }>;
}

function spawnApi(options: ProductOptions, apiPort: number): ApiChild {
  const [command, ...args] = options.apiCommand;
  const child = spawn(command, args, {
    cwd: options.repoRoot,
    // HOST is the origin's; the API stays on loopback behind the proxy unless API_HOST says otherwise.
    env: {
      ...options.env,
      API_PORT: String(apiPort),
      DATA_DIR: options.dataDir,
      HOST: options.env['API_HOST'] ?? '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail: string[] = [];
  const relay = (chunk: Buffer): void => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 200) tail.shift();
      options.log(`[api] ${line}`);
    }
  };
  child.stdout?.on('data', relay);
  child.stderr?.on('data', relay);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; error?: string }>(
    (resolve) => {
      child.once('exit', (code, signal) => resolve({ code, signal }));
      child.once('error', (error) => {
        tail.push(error.message);
        resolve({ code: 1, signal: null, error: error.message });
      });
    },
  );
  return { process: child, tail, exited };
}

function describeExit(exit: { code: number | null; signal: NodeJS.Signals | null; error?: string }): string {
  if (exit.error) return `could not be started (${exit.error})`;
  return exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code ?? 1}`;
}

/**
 * Bootstraps the registry from the built remotes, starts the API as a child, waits for its health check,
 * then serves everything on one origin. The API is supervised: when it dies it is restarted with backoff, and
 * meanwhile `/api` and `/hubs` answer 503 JSON while the shell and static files keep being served.
 */
export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const { log } = options;
  if (!existsSync(path.join(options.shellDir, 'index.html'))) {
    throw new StartError(`No shell build at ${options.shellDir}: run \`pnpm run build\` first.`);
  }
  const checks: Array<readonly ['API_PORT' | 'PORT', number]> = [['PORT', options.port]];
  if (options.apiPort !== undefined) checks.unshift(['API_PORT', options.apiPort]);
  for (const [what, port] of checks) {
    // A leftover process on the port would answer our health check (or take our traffic) in our place.
    if (await isListening(port)) {
      throw new StartError(
        `Port ${port} (${what}) is already in use: stop the other process or set ${what}.`,
      );
    }
  }
  // REMOTE_STORE=s3 puts the remote store and registry in a bucket shared by every origin (ADR 0190).
  const store = openConfiguredStore(options.env, options.dataDir);
  const apiPort = options.apiPort ?? (await freeLoopbackPort());
  let child = spawnApi(options, apiPort);

  // The API opens its database while the registry bootstraps: the two slowest start-up steps overlap.
  let outcomes: BootstrapOutcome[];
  try {
    outcomes = await bootstrap(options.repoRoot, { dataDir: options.dataDir, store });
  } catch (error) {
    child.process.kill('SIGTERM');
    throw error;
  }
  for (const outcome of outcomes) {
    const detail = outcome.message ? ` (${outcome.message})` : '';
    log(`remote ${outcome.remote.padEnd(18)} ${outcome.status.padEnd(8)} ${outcome.version ?? ''}${detail}`);
  }

  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const healthTimeoutMs = options.healthTimeoutMs ?? 60_000;
  const first = await untilHealthy(apiUrl, healthTimeoutMs, child);
  if (first !== true) {
    if (first === 'timeout') child.process.kill('SIGTERM');
    const why =
      first === 'timeout'
        ? `The API did not answer ${apiUrl}/api/health in time`
        : `The API ${describeExit(await child.exited)}`;
    throw new StartError(`${why}. Its last output:\n${child.tail.join('\n') || '(none)'}`);
  }

  let apiUp = true;
  let stopping = false;
  let restarts = 0;
  const server = await createOriginServer({
    dataDir: options.dataDir,
    shellDir: options.shellDir,
    store,
    apiUrl,
    googleClientId: options.env['GOOGLE_CLIENT_ID'],
    trustedProxies: options.env['TRUSTED_PROXIES'],
    apiAvailable: () => apiUp,
    ...(options.env['API_BODY_LIMIT_BYTES']
      ? { apiBodyLimitBytes: Number(options.env['API_BODY_LIMIT_BYTES']) }
      : {}),
    sentryDsn: options.env['SENTRY_DSN'] || undefined,
    adPixels: readAdPixelConfig(options.env),
    paymentFormSources: paymentFormCspSources(options.env),
    countryHeader: options.env['COUNTRY_HEADER'] || undefined,
    // ADR 0452: `FIRST_SCREEN=off` serves every page as the client renders it (the bench's switch, an SRE's lever).
    firstScreen: options.env['FIRST_SCREEN'] !== 'off',
  });
  try {
    await server.listen({ port: options.port, host: options.host });
  } catch (error) {
    // Never leave the API running without its origin.
    child.process.kill('SIGTERM');
    throw new StartError(`Could not listen on ${options.host}:${options.port}: ${(error as Error).message}`);
  }

  // Supervision: log why the API died, restart it after a growing delay (reset once it stayed up a minute).
  const backoff = options.restartBackoffMs ?? { initial: 500, max: 30_000 };
  let delay = backoff.initial;
  let wake: (() => void) | null = null;
  const supervise = async (): Promise<void> => {
    for (;;) {
      const upSince = Date.now();
      const exit = await child.exited;
      if (stopping) return;
      apiUp = false;
      if (Date.now() - upSince > 60_000) delay = backoff.initial;
      log(
        `The API ${describeExit(exit)}; /api and /hubs answer 503 until it is back. Restarting in ${delay} ms. ` +
          `Its last output:\n${child.tail.slice(-20).join('\n') || '(none)'}`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
      if (stopping) return;
      delay = Math.min(backoff.max, delay * 2);
      restarts += 1;
      child = spawnApi(options, apiPort);
      const healthy = await untilHealthy(apiUrl, healthTimeoutMs, child);
      if (stopping) return;
      if (healthy === true) {
        apiUp = true;
        log(`The API is back (restart ${restarts}).`);
      } else if (healthy === 'timeout') {
        log('The restarted API did not become healthy in time; stopping it to try again.');
        child.process.kill('SIGKILL');
      }
    }
  };
  const supervising = supervise();

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    stopping = true;
    (wake as (() => void) | null)?.();
    await server.close();
    const current = child;
    if (current.process.exitCode === null && current.process.signalCode === null) {
      current.process.kill(signal);
      const grace = setTimeout(() => current.process.kill('SIGKILL'), 5_000);
      await current.exited;
      clearTimeout(grace);
    }
    await supervising;
  };
  return {
    url: `http://localhost:${options.port}`,
    server,
    apiPort,
    get api() {
      return child.process;
    },
    get apiRestarts() {
      return restarts;
    },
    outcomes,
    stop,
  };
}

/** Waits for the child's health check: true, 'exited' if it died first, or 'timeout'. */
async function untilHealthy(
  apiUrl: string,
  timeoutMs: number,
  child: ApiChild,
): Promise<true | 'exited' | 'timeout'> {
  const waiting = { done: false };
  const result = await Promise.race([
    waitForHealth(`${apiUrl}/api/health`, timeoutMs, waiting),
    child.exited.then(() => 'exited' as const),
  ]);
  waiting.done = true;
  return result;
}

/** A free loopback port for the API (bound, then released just before the API binds it). */
function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(
  url: string,
  timeoutMs: number,
  waiting: { done: boolean },
): Promise<true | 'timeout'> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !waiting.done) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'timeout';
}

function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
