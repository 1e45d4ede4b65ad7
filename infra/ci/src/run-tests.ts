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

/**
 * Runs a command; `buffered`: its output is held and printed whole when it ends, so a step that runs beside
 * another (the static checks beside the unit tests) does not interleave its lines with the other's.
 */
function run(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  buffered = false,
): Promise<number> {
  const header = `\n▶ ${name}: ${command} ${args.join(' ')}\n`;
  if (!buffered) process.stdout.write(header);
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const held: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => held.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => held.push(chunk));
    child.on('close', (code, signal) => {
      if (buffered) process.stdout.write(`${header}${Buffer.concat(held).toString()}`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function step(
  name: string,
  command: string,
  args: string[],
  env?: NodeJS.ProcessEnv,
  buffered = false,
): Promise<boolean> {
  const code = await run(name, command, args, env, buffered);
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

/**
 * How many browser-suite shards run at once (ADR 0291, 0459): two by default. With no trace recorded (ADR 0456) one
 * process left half of the two-core CI machine idle; two ended the suite in 15.3 minutes instead of 21.
 */
const E2E_SHARDS = Math.max(1, Number(process.env['E2E_SHARDS'] ?? 2) || 2);

/** Runs one Playwright process per shard at once, each line of its output prefixed, then counts every report. */
async function e2eShards(count: number): Promise<void> {
  const playwright = path.join(root, 'e2e', 'node_modules', '.bin', 'playwright');
  const shards = Array.from({ length: count }, (_, index) => index + 1);
  process.stdout.write(`\n▶ e2e: ${count} shard(s) of ${playwright} test\n`);
  const codes = await Promise.all(
    shards.map(
      (shard) =>
        new Promise<number>((resolve) => {
          const port = 3310 + (shard - 1) * 100;
          const child = spawn(
            playwright,
            [
              'test',
              '--config',
              'e2e/playwright.config.ts',
              '--reporter=list,json',
              ...(count > 1 ? [`--shard=${shard}/${count}`] : []),
            ],
            {
              cwd: root,
              stdio: ['ignore', 'pipe', 'pipe'],
              env: {
                ...process.env,
                E2E_PORT: String(port),
                E2E_API_PORT: String(port + 1),
                // No trace of every test while it runs (ADR 0456); `E2E_TRACE=on pnpm test` keeps failures' traces.
                E2E_TRACE: process.env['E2E_TRACE'] ?? 'off',
                ...(count > 1 ? { E2E_FIXTURES_BUILT: '1' } : {}),
                PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, `playwright-${shard}.json`),
              },
            },
          );
          const prefix = count > 1 ? `[e2e ${shard}/${count}] ` : '';
          for (const stream of [child.stdout, child.stderr]) {
            let partial = '';
            stream.on('data', (chunk: Buffer) => {
              const lines = (partial + chunk.toString()).split('\n');
              partial = lines.pop() ?? '';
              for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
            });
            stream.on('end', () => partial && process.stdout.write(`${prefix}${partial}\n`));
          }
          child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
        }),
    ),
  );
  const counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  let missing = false;
  for (const shard of shards) {
    const report = readPlaywright(path.join(reports, `playwright-${shard}.json`));
    if (!report) missing = true;
    else {
      counts.passed += report.passed;
      counts.failed += report.failed;
      counts.skipped += report.skipped;
    }
  }
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  if (missing) {
    total.failed += 1;
    failures.push('e2e (a shard wrote no report)');
  } else if (counts.failed > 0) failures.push(`e2e (${counts.failed} failed)`);
  else if (codes.some((code) => code !== 0)) {
    total.failed += 1;
    failures.push(`e2e (exit ${codes.join(', ')})`);
  }
  process.stdout.write(`e2e: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
}
const pnpm =
  process.env['npm_execpath'] && /pnpm/.test(process.env['npm_execpath'])
    ? process.env['npm_execpath']
    : 'pnpm';
const pnpmCommand = (...args: string[]): [string, string[]] =>
  pnpm.endsWith('.js') || pnpm.endsWith('.cjs') ? [process.execPath, [pnpm, ...args]] : [pnpm, args];

// The static checks run beside the unit and integration tests, which wait on databases and timers as much as they
// compute (a minute of the two-core CI machine's 25; their output is printed whole when each ends).
const vitestReport = path.join(reports, 'vitest.json');
await Promise.all([
  (async () => {
    await step('lint', bin('eslint'), ['--max-warnings', '0', '.'], {}, true);
    await step('format', bin('prettier'), ['--check', '.'], {}, true);
    await step('typecheck', bin('tsc'), ['-b'], {}, true);
  })(),
  suite(
    'unit and integration',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    {},
    () => readVitest(vitestReport),
  ),
]);
const built = await step('build', ...pnpmCommand('run', 'build'));
if (built) {
  // Deterministic: every route's first-load JS (gzip) against bundle-budgets.txt (ADR 0236).
  await step('bundle budgets', bin('tsx'), ['infra/ci/src/check-budgets.ts']);
  // The browser suite in shards (ADR 0291): each its own stack, ports, data and results folders (E2E_PORT), run at
  // once. The throwing fixture remote is built once here, not by every shard's global setup at the same time.
  const fixtures =
    E2E_SHARDS === 1 || (await step('e2e fixtures', bin('tsx'), ['e2e/support/build-fixtures.ts']));
  if (fixtures) await e2eShards(E2E_SHARDS);
} else {
  failures.push('e2e (not run: build failed)');
  total.failed += 1;
}

process.stdout.write(`\n${failures.length ? `Failed: ${failures.join('; ')}\n` : ''}`);
process.stdout.write(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
process.exit(total.failed > 0 ? 1 : 0);
