import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { bootstrap } from '@companion/registry';
import type { BootstrapOutcome } from '@companion/registry';
import type { FastifyInstance } from 'fastify';
import { createOriginServer } from './origin-server.ts';

/** Everything `startProduct` needs; `start.ts` fills it from the environment. */
export interface ProductOptions {
  repoRoot: string;
  dataDir: string;
  shellDir: string;
  port: number;
  host: string;
  apiPort: number;
  /** The API process: command and arguments, run from `repoRoot`. */
  apiCommand: [string, ...string[]];
  env: NodeJS.ProcessEnv;
  /** How long to wait for `GET /api/health` (a first PGlite open takes a few seconds). */
  healthTimeoutMs?: number;
  log: (line: string) => void;
}

/** A running product: the origin server and the API child. */
export interface RunningProduct {
  url: string;
  server: FastifyInstance;
  api: ChildProcess;
  outcomes: BootstrapOutcome[];
  /** Stops the server and the API (SIGTERM, then SIGKILL after a grace period). */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the API's exit code if it exits on its own (not through `stop`). */
  apiExited: Promise<number>;
}

/** A start-up failure with the output that explains it. */
export class StartError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartError';
  }
}

/**
 * Bootstraps the registry from the built remotes, starts the API as a child, waits for its health check,
 * then serves everything on one origin.
 */
export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const { log } = options;
  if (!existsSync(path.join(options.shellDir, 'index.html'))) {
    throw new StartError(`No shell build at ${options.shellDir}: run \`pnpm run build\` first.`);
  }
  for (const [what, port] of [
    ['API_PORT', options.apiPort],
    ['PORT', options.port],
  ] as const) {
    // A leftover process on the port would answer our health check (or take our traffic) in our place.
    if (await isListening(port)) {
      throw new StartError(
        `Port ${port} (${what}) is already in use: stop the other process or set ${what}.`,
      );
    }
  }
  const [command, ...args] = options.apiCommand;
  const api = spawn(command, args, {
    cwd: options.repoRoot,
    // HOST is the origin's; the API stays on loopback behind the proxy unless API_HOST says otherwise.
    env: {
      ...options.env,
      API_PORT: String(options.apiPort),
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
      log(`[api] ${line}`);
    }
  };
  api.stdout?.on('data', relay);
  api.stderr?.on('data', relay);

  let stopping = false;
  const exited = new Promise<number>((resolve) => {
    api.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    api.once('error', (error) => {
      tail.push(error.message);
      resolve(1);
    });
  });
  const apiExited = exited.then((code) => (stopping ? new Promise<number>(() => undefined) : code));

  // The API opens its database while the registry bootstraps: the two slowest start-up steps overlap.
  let outcomes: BootstrapOutcome[];
  try {
    outcomes = await bootstrap(options.repoRoot, { dataDir: options.dataDir });
  } catch (error) {
    api.kill('SIGTERM');
    throw error;
  }
  for (const outcome of outcomes) {
    const detail = outcome.message ? ` (${outcome.message})` : '';
    log(`remote ${outcome.remote.padEnd(18)} ${outcome.status.padEnd(8)} ${outcome.version ?? ''}${detail}`);
  }

  const apiUrl = `http://127.0.0.1:${options.apiPort}`;
  const waiting = { done: false };
  const healthy = await Promise.race([
    waitForHealth(`${apiUrl}/api/health`, options.healthTimeoutMs ?? 60_000, waiting),
    exited.then(() => 'exited' as const),
  ]);
  waiting.done = true;
  if (healthy !== true) {
    if (healthy !== 'exited') api.kill('SIGTERM');
    const why =
      healthy === 'exited'
        ? `The API exited with code ${await exited}`
        : `The API did not answer ${apiUrl}/api/health in time`;
    throw new StartError(`${why}. Its last output:\n${tail.join('\n') || '(none)'}`);
  }

  const server = await createOriginServer({
    dataDir: options.dataDir,
    shellDir: options.shellDir,
    apiUrl,
    googleClientId: options.env['GOOGLE_CLIENT_ID'],
    sentryDsn: options.env['SENTRY_DSN'] || undefined,
  });
  try {
    await server.listen({ port: options.port, host: options.host });
  } catch (error) {
    // Never leave the API running without its origin.
    api.kill('SIGTERM');
    throw new StartError(`Could not listen on ${options.host}:${options.port}: ${(error as Error).message}`);
  }

  const stop = async (signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
    stopping = true;
    await server.close();
    if (api.exitCode === null && api.signalCode === null) {
      api.kill(signal);
      const grace = setTimeout(() => api.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(grace);
    }
  };
  return { url: `http://localhost:${options.port}`, server, api, outcomes, stop, apiExited };
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
