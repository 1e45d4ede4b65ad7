import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './env.ts';

/** Where the throwing fixture is built: `<dir>/dist/<version>/`. */
export const THROWING_REMOTE_DIR = path.join(REPO_ROOT, 'e2e', 'fixtures', 'throwing-remote');
export const THROWING_VERSION = '0.0.0-throws';

/** The rspack CLI of the e2e package. */
const RSPACK = path.join(REPO_ROOT, 'e2e', 'node_modules', '.bin', 'rspack');

/**
 * Builds the fixture as a federated `gallery` container whose mount throws, with the rspack CLI as every remote is
 * built. Not in-process: under tsx (the test command's fixture step) rspack's federation runtime, which it inlines
 * from `Function.prototype.toString`, picks up tsx's `__name` helper and the container fails to load (ADR 0291).
 */
export async function buildThrowingRemote(): Promise<string> {
  await promisify(execFile)(
    RSPACK,
    ['build', '--config', path.join(THROWING_REMOTE_DIR, 'rspack.config.ts')],
    {
      cwd: THROWING_REMOTE_DIR,
      env: { ...process.env, REMOTE_VERSION: THROWING_VERSION, NODE_OPTIONS: '' },
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return path.join(THROWING_REMOTE_DIR, 'dist', THROWING_VERSION);
}
