import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { E2E_DATA_DIR } from './env.ts';
import { buildThrowingRemote } from './fixtures.ts';
import { startStack } from './stack.ts';

const PID_FILE = path.join(E2E_DATA_DIR, '..', '.e2e-stack.pid');

/** Fresh data folder, the throwing fixture built, and the product started on the e2e ports. */
export default async function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  await buildThrowingRemote();
  const child = await startStack();
  writeFileSync(PID_FILE, String(child.pid));
}

export { PID_FILE };
