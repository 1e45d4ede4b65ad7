import { rmSync, writeFileSync } from 'node:fs';
import { E2E_DATA_DIR } from './env.ts';
import { buildThrowingRemote } from './fixtures.ts';
import { startStack } from './stack.ts';

const PID_FILE = `${E2E_DATA_DIR}.pid`;

/** Fresh data folder, the throwing fixture built, and the product started on the e2e ports. */
export default async function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  // `pnpm test` builds it once before its shards start (E2E_FIXTURES_BUILT=1); a run of its own builds it here.
  if (!process.env['E2E_FIXTURES_BUILT']) await buildThrowingRemote();
  const child = await startStack();
  writeFileSync(PID_FILE, String(child.pid));
}

export { PID_FILE };
