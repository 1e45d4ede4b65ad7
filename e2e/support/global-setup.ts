import { rmSync, writeFileSync } from 'node:fs';
import { E2E_DATA_DIR } from './env.ts';
import { buildThrowingRemote } from './fixtures.ts';
import { startStack } from './stack.ts';

const PID_FILE = `${E2E_DATA_DIR}.pid`;

/** Fresh data folder, the throwing fixture built, and the product started on the e2e ports. */
export default async function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  await buildThrowingRemote();
  const child = await startStack();
  writeFileSync(PID_FILE, String(child.pid));
}

export { PID_FILE };
