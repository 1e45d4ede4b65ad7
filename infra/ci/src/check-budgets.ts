// `pnpm budgets` (part of `pnpm test`, after the build): every route's first-load JS against `bundle-budgets.txt`.
// `--update` rewrites `infra/ci/bundle-sizes.json`, the per-file sizes a failure compares against to name the file
// that grew (commit it with a change that moves the numbers on purpose). Exit 1 when a budget is broken.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  checkBudgets,
  formatRoutes,
  measureRoutes,
  parseBudgets,
  snapshotOf,
  type SizeSnapshot,
} from './bundle-budgets.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const snapshotFile = path.join(root, 'infra', 'ci', 'bundle-sizes.json');

const routes = measureRoutes(root);
const budgets = parseBudgets(readFileSync(path.join(root, 'bundle-budgets.txt'), 'utf8'));
process.stdout.write(
  `First-load JS per route, gzip -6 (bundle-budgets.txt)\n${formatRoutes(routes, budgets)}\n`,
);
if (process.argv.includes('--update')) {
  writeFileSync(snapshotFile, `${JSON.stringify(snapshotOf(routes), null, 2)}\n`);
  process.stdout.write(`Wrote ${path.relative(root, snapshotFile)}\n`);
}
let snapshot: SizeSnapshot = {};
try {
  snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as SizeSnapshot;
} catch {
  // Without a snapshot every file of a broken budget is reported as new.
}
const problems = checkBudgets(routes, budgets, snapshot);
for (const problem of problems) process.stderr.write(`budget: ${problem}\n`);
process.exit(problems.length > 0 ? 1 : 0);
