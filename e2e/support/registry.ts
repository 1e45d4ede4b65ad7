import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { openStore, type Registry } from '@companion/registry';
import { E2E_DATA_DIR, REPO_ROOT } from './env.ts';

const run = promisify(execFile);

/** A digest of every file under `dir`, names included: two equal digests mean the folder did not change. */
export function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else hash.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

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

/**
 * Publishes a copy of a remote's live build as `version` (the same files, a new version; `edit` may change the copy
 * first) and makes it live; returns the stored folder, which a test may then tamper with as an attacker on the
 * bucket or CDN would.
 */
export async function publishLiveCopy(
  name: string,
  version: string,
  edit: (dir: string) => Promise<void> = async () => {},
): Promise<string> {
  const live = readLiveRegistry().remotes[name]!.version;
  const copy = path.join(await mkdtemp(path.join(tmpdir(), `e2e-${name}-`)), version);
  await cp(path.join(REPO_ROOT, 'remotes', name, 'dist', live), copy, { recursive: true });
  const infoFile = path.join(copy, 'companion-remote.json');
  const info = JSON.parse(await readFile(infoFile, 'utf8')) as { version: string };
  await writeFile(infoFile, JSON.stringify({ ...info, version }));
  await edit(copy);
  await publishAndFlip(name, copy, 'cli:e2e');
  await rm(path.dirname(copy), { recursive: true, force: true });
  return path.join(E2E_DATA_DIR, 'remotes', name, version);
}
