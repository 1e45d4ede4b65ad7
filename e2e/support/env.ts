import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's Chromium; Playwright never downloads a browser here. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** The flags every browser run uses on these machines (no network but loopback). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Ports of the stack under test, away from the product's own 3000/3001. */
export const E2E_PORT = Number(process.env['E2E_PORT'] ?? 3310);
export const E2E_API_PORT = Number(process.env['E2E_API_PORT'] ?? 3311);
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** The repository root and the e2e data folder (registry, remote store, database). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
// Runs on other ports (E2E_PORT) get their own data and results folders, so two runs never collide.
const SUFFIX = E2E_PORT === 3310 ? '' : `-${E2E_PORT}`;
export const E2E_DATA_DIR = process.env['E2E_DATA_DIR'] ?? path.join(REPO_ROOT, 'e2e', `.data${SUFFIX}`);
export const E2E_RESULTS_DIR = path.join(REPO_ROOT, 'e2e', `test-results${SUFFIX}`);
