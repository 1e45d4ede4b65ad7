import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { openStore, type Registry } from '@companion/registry';
import { E2E_DATA_DIR, REPO_ROOT } from './env.ts';

const run = promisify(execFile);

/** The live registry of the stack under test. */
export function readLiveRegistry(): Registry {
  return JSON.parse(readFileSync(path.join(E2E_DATA_DIR, 'registry.json'), 'utf8')) as Registry;
}

/** Runs `pnpm remote …` (the CLI users run) against the e2e data folder; returns its output. */
export async function remoteCli(...args: string[]): Promise<string> {
  const { stdout, stderr } = await run(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    ['infra/registry/src/cli.ts', ...args],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return stdout + stderr;
}

/** Publishes an already built folder as a version of a remote and makes it live (library API). */
export async function publishAndFlip(name: string, builtDir: string, by?: string): Promise<void> {
  const store = openStore(E2E_DATA_DIR);
  const published = await store.publish(name, builtDir);
  await store.setLive(name, published.version, 'deploy', by);
}
