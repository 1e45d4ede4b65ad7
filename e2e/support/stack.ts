import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { E2E_API_PORT, E2E_DATA_DIR, E2E_PORT, REPO_ROOT } from './env.ts';

/** Starts the product exactly as `pnpm start` does (after the build), on the e2e ports and data folder. */
export function startStack(
  options: { port?: number; apiPort?: number; dataDir?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<ChildProcess> {
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join('infra', 'server', 'src', 'start.ts')],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(options.port ?? E2E_PORT),
        API_PORT: String(options.apiPort ?? E2E_API_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir ?? E2E_DATA_DIR,
        NODE_ENV: 'production',
        // Every test is a new visitor from 127.0.0.1: the production sign-in limit (30/min per IP) would turn
        // later pre-registers into 429s and make the suite flaky. The limit itself is tested in infra/api.
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        // The API's test fixtures (POST /api/testing/user-period): users of each plan period from the API.
        COMPANION_TEST_FIXTURES: '1',
        // The loopback-only mail viewer (GET /api/dev/outbox): the magic-link tests read their link there.
        DEV_MAIL_VIEWER: '1',
        // Ad pixels configured, facebook with its four ids (001 §4; their scripts are intercepted by tracking.spec.ts
        // and pixels.spec.ts; a visit without a utm source or click id loads none), and room for every test's
        // analytics batches from 127.0.0.1.
        FACEBOOK_PIXEL_IDS: 'e2e-fb-1,e2e-fb-2,e2e-fb-3,e2e-fb-4',
        TIKTOK_PIXEL_ID: 'e2e-tt',
        SNAPCHAT_PIXEL_ID: 'e2e-snap',
        TWITTER_PIXEL_ID: 'e2e-tw',
        EVENT_TRACK_RATE_LIMIT_PER_MINUTE: '100000',
        // Every visitor before pre-register and every beacon is 127.0.0.1 here, so the per-client API budget keyed
        // by address would be the whole suite's; the budget is tested in infra/api (client-budget.test.ts).
        API_RATE_LIMIT_PER_MINUTE: '100000',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`stack did not start within 120 s:\n${output}`)),
      120_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready at')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/** A stack of a suite's own on `port` (the API on the next one), over a fresh `dataDir` (its old one removed). */
export function startFreshStack(
  port: number,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<ChildProcess> {
  rmSync(dataDir, { recursive: true, force: true });
  return startStack({ port, apiPort: port + 1, dataDir, env });
}

/** Stops a stack started by startStack (its whole process group: the start script and the API). */
export async function stopStack(pid: number): Promise<void> {
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    return;
  }
  for (let i = 0; i < 50; i += 1) {
    await new Promise((r) => setTimeout(r, 100));
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
  }
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
