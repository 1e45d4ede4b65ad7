// `pnpm test`: every check in order (lint, format, types, unit and integration, build, byte budgets, browser e2e),
// then one closing line `N passed, N failed, N skipped` so a CI log says what actually ran.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const reports = path.join(root, 'node_modules', '.cache', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  process.stdout.write(`\n▶ ${name}: ${command} ${args.join(' ')}\n`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function step(
  name: string,
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
): Promise<boolean> {
  const code = await run(name, command, args, env);
  if (code === 0) {
    total.passed += 1;
    return true;
  }
  total.failed += 1;
  failures.push(`${name} (exit ${code})`);
  return false;
}

function readVitest(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function readPlaywright(file: string): Counts | null {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

async function suite(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  read: () => Counts | null,
) {
  const code = await run(name, command, args, env);
  const counts = read();
  if (!counts) {
    total.failed += 1;
    failures.push(`${name} (no report, exit ${code})`);
    return;
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  if (code !== 0 && counts.failed === 0) {
    total.failed += 1;
    failures.push(`${name} (exit ${code})`);
  } else if (counts.failed > 0) failures.push(`${name} (${counts.failed} failed)`);
  process.stdout.write(
    `${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`,
  );
}

const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const pnpm =
  process.env['npm_execpath'] && /pnpm/.test(process.env['npm_execpath'])
    ? process.env['npm_execpath']
    : 'pnpm';
const pnpmCommand = (...args: string[]): [string, string[]] =>
  pnpm.endsWith('.js') || pnpm.endsWith('.cjs') ? [process.execPath, [pnpm, ...args]] : [pnpm, args];

await step('lint', bin('eslint'), ['--max-warnings', '0', '.']);
await step('format', bin('prettier'), ['--check', '.']);
await step('typecheck', bin('tsc'), ['-b']);
const vitestReport = path.join(reports, 'vitest.json');
await suite(
  'unit and integration',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
  {},
  () => readVitest(vitestReport),
);
const built = await step('build', ...pnpmCommand('run', 'build'));
if (built) {
  // Deterministic: every route's first-load JS (gzip) against bundle-budgets.txt (ADR 0236).
  await step('bundle budgets', bin('tsx'), ['infra/ci/src/check-budgets.ts']);
  const playwrightReport = path.join(reports, 'playwright.json');
  await suite(
    'e2e',
    path.join(root, 'e2e', 'node_modules', '.bin', 'playwright'),
    ['test', '--config', 'e2e/playwright.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    () => readPlaywright(playwrightReport),
  );
} else {
  failures.push('e2e (not run: build failed)');
  total.failed += 1;
}

process.stdout.write(`\n${failures.length ? `Failed: ${failures.join('; ')}\n` : ''}`);
process.stdout.write(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(total.failed > 0 ? 1 : 0);
