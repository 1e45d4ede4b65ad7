import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// House style rule 12: no unused exports, files or dependencies in the front-end packages (knip.json says which).
describe('knip', () => {
  it('should find no unused export, file or dependency', () => {
    const run = spawnSync(
      path.join(root, 'node_modules', '.bin', 'knip'),
      ['--no-progress', '--no-config-hints'],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  }, 120_000);
});
