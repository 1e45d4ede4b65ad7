import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from './bootstrap.ts';
import { runCli } from './commands.ts';
import { openConfiguredStore } from './store-config.ts';

// `pnpm remote …` runs this file from the repo root; resolve the root from here so any cwd works.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const dataDir = defaultDataDir(repoRoot);
const code = await runCli(process.argv.slice(2), {
  repoRoot,
  dataDir,
  store: openConfiguredStore(process.env, dataDir),
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exitCode = code;
