import path from 'node:path';
import { rspack } from '@rspack/core';
import { createRemoteConfig } from '@companion/build-config';
import { REPO_ROOT } from './env.ts';

/** Where the throwing fixture is built: `<dir>/dist/<version>/`. */
export const THROWING_REMOTE_DIR = path.join(REPO_ROOT, 'e2e', 'fixtures', 'throwing-remote');
export const THROWING_VERSION = '0.0.0-throws';

/** Builds the fixture as a federated `gallery` container whose mount throws. */
export async function buildThrowingRemote(): Promise<string> {
  const previous = process.env['REMOTE_VERSION'];
  process.env['REMOTE_VERSION'] = THROWING_VERSION;
  try {
    const config = createRemoteConfig({ name: 'gallery', dir: THROWING_REMOTE_DIR, devPort: 0 });
    await new Promise<void>((resolve, reject) => {
      rspack(config, (error, stats) => {
        if (error) reject(error);
        else if (stats?.hasErrors()) reject(new Error(stats.toString({ all: false, errors: true })));
        else resolve();
      });
    });
  } finally {
    if (previous === undefined) delete process.env['REMOTE_VERSION'];
    else process.env['REMOTE_VERSION'] = previous;
  }
  return path.join(THROWING_REMOTE_DIR, 'dist', THROWING_VERSION);
}
