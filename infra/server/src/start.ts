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
    // Only PORT set: the API takes a free internal port, so a second copy starts beside the first.
    apiPort: process.env['API_PORT'] ? Number(process.env['API_PORT']) : undefined,
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
  // The API is supervised from here on: a crash is logged and restarted, the origin keeps serving.
} catch (error) {
  process.stderr.write(`${error instanceof StartError ? error.message : (error as Error).stack}\n`);
  process.exit(1);
}
