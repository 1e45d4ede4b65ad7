import { existsSync, readFileSync, rmSync } from 'node:fs';
import { PID_FILE } from './global-setup.ts';
import { stopStack } from './stack.ts';

/** Stops the stack started by global setup. */
export default async function globalTeardown() {
  if (!existsSync(PID_FILE)) return;
  await stopStack(Number(readFileSync(PID_FILE, 'utf8')));
  rmSync(PID_FILE, { force: true });
}
