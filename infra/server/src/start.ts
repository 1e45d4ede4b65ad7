import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultDataDir } from '@companion/registry';
import { StartError, startProduct } from './product.ts';

// The product's start (`pnpm start` after `pnpm run build`): registry bootstrap, API child, one origin.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const port = Number(process.env['PORT'] ?? 3000);
const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};

try {
  const product = await startProduct({
    repoRoot,
    dataDir: defaultDataDir(repoRoot),
    shellDir: path.resolve(process.env['SHELL_DIR'] ?? path.join(repoRoot, 'shell', 'dist')),
    port,
    host: process.env['HOST'] ?? '0.0.0.0',
    apiPort: Number(process.env['API_PORT'] ?? 3001),
    // One process (not the tsx CLI wrapper, which forks): signals, exit codes and kills reach the API itself.
    apiCommand: [process.execPath, '--import', 'tsx', path.join('infra', 'api', 'src', 'main.ts')],
    env: process.env,
    log,
  });
  log(`Ready at http://localhost:${port}`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void product.stop(signal).then(() => process.exit(0));
    });
  }
  const code = await product.apiExited;
  process.stderr.write(`The API exited unexpectedly with code ${code}; stopping.\n`);
  await product.server.close();
  process.exit(code === 0 ? 1 : code);
} catch (error) {
  process.stderr.write(`${error instanceof StartError ? error.message : (error as Error).stack}\n`);
  process.exit(1);
}
