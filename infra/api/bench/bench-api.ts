// The API as a bench's child process: on a fresh PGlite folder or PostgreSQL schema, pinned to CPU 0 when the
// bench pinned itself to CPU 1, and removed with its data when the bench is done.
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { postgresAvailable } from '../test/harness.ts';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The PostgreSQL the benches' `postgres` runs use. */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * Moves this process to CPU 1 so the load it generates does not steal the API's core; false (nothing pinned) on
 * one CPU or without taskset.
 */
export function pinBenchToCpu1(): boolean {
  if (os.cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-cp', '1', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** A running API child: its origin (`http://127.0.0.1:PORT`) and the JWT secret it signs with. */
export interface BenchApi {
  child: ChildProcess;
  base: string;
  jwtSecret: string;
  /** Ends the child, then removes its data folder and drops its schema. */
  stop(): Promise<void>;
}

/** Starts `src/main.ts` in production mode on `backend` with `env` added; resolves once it listens. */
export async function startBenchApi(
  backend: string,
  pin: boolean,
  env: NodeJS.ProcessEnv = {},
): Promise<BenchApi> {
  const jwtSecret = crypto.randomBytes(32).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-bench-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    API_PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: jwtSecret,
    ...(backend === 'postgres' ? { DATABASE_URL: BENCH_PG_URL, DATABASE_SCHEMA: schema } : {}),
    ...env,
  };
  const node = [process.execPath, '--import', 'tsx', 'src/main.ts'];
  const [cmd, ...args] = pin ? ['taskset', '-c', '0', ...node] : node;
  const child = spawn(cmd!, args, { cwd: API_DIR, env: childEnv, stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (backend === 'postgres') {
      const client = new pg.Client({ connectionString: BENCH_PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  };
  try {
    const base = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /API listening on (http:\/\/[^/\s]+)\/api/.exec(out);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`API exited with ${code}: ${out}`)));
    });
    return { child, base, jwtSecret, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `bench` on each backend named, in order; a PostgreSQL that does not answer is skipped with a note. */
export async function benchEachBackend<T>(
  backends: readonly string[],
  bench: (backend: string) => Promise<T[]>,
): Promise<T[]> {
  const all: T[] = [];
  for (const backend of backends) {
    if (backend === 'postgres' && !(await postgresAvailable(BENCH_PG_URL))) {
      console.log(`note: PostgreSQL at ${BENCH_PG_URL} does not answer; postgres run skipped`);
      continue;
    }
    all.push(...(await bench(backend)));
  }
  return all;
}
