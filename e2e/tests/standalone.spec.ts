import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from '../support/test.ts';
import { REPO_ROOT } from '../support/env.ts';

// A remote team runs its remote alone against the fake shell (`pnpm --filter @companion/<name> dev`).
test.describe('standalone remote', () => {
  let server: ChildProcess | undefined;

  test.afterAll(() => {
    try {
      if (server?.pid) process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already stopped
    }
  });

  test('should serve the gallery remote alone with a fake shell', async ({ page }) => {
    test.setTimeout(120_000);
    const dir = path.join(REPO_ROOT, 'remotes', 'gallery');
    server = spawn(path.join(dir, 'node_modules', '.bin', 'rspack'), ['serve'], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'development', FORCE_COLOR: '0', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`dev server did not compile:\n${output}`)), 90_000);
      const onData = (chunk: Buffer) => {
        // eslint-disable-next-line no-control-regex -- strip colour codes (Playwright forces colour on)
        output += chunk.toString().replace(/\u001b\[[0-9;]*m/g, '');
        if (/compiled successfully/i.test(output)) {
          clearTimeout(timer);
          resolve();
        } else if (/compiled with \d+ error/i.test(output)) reject(new Error(output));
      };
      server!.stdout?.on('data', onData);
      server!.stderr?.on('data', onData);
      server!.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`dev server exited with ${code}:\n${output}`));
      });
    });
    await page.goto('http://127.0.0.1:3104/gallery');
    await expect(page.locator('#standalone-root [data-remote="gallery"] h1')).toHaveText('Gallery');
    await expect(page.locator('[data-remote="gallery"]')).toHaveAttribute('data-build-version', 'dev');
  });
});
