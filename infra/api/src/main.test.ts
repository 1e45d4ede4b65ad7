import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

describe('main', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'api-main-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('should migrate, log one line with the URL, serve, and exit 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        API_PORT: '0',
        HOST: '127.0.0.1',
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /API listening on (http:\/\/127\.0\.0\.1:\d+\/api)/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const health = await fetch(`${url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'jwt-secret'))).toBe(true);
  });
});
