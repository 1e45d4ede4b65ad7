import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const REPO_PATH = /^(shell|shared|remotes|infra|e2e|docs)\//;
// Placeholders and generated folders are not files to check: `NNNN_name.sql`, `<name>`, `.data`, `dist/`, globs
// (CI runs the tests before the build, in a fresh clone).
const NOT_A_FILE = /[*<>{}$…]|NNNN|\/\.|\/dist(\/|$)/;

function markdownFiles(): string[] {
  return execFileSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
}

function packageDirOf(file: string): string | null {
  for (let dir = path.dirname(file); dir !== '.' && dir !== ''; dir = path.dirname(dir))
    if (existsSync(path.join(root, dir, 'package.json'))) return dir;
  return null;
}

/** Backticked paths a reader would open: repo paths, and `src/…` inside a package's own docs. */
function missingPaths(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const pkg = packageDirOf(file);
  const missing: string[] = [];
  for (const [, quoted] of text.matchAll(/`([^`\s]+)`/g)) {
    const target = quoted!.split(/[:#]/)[0]!.replace(/[.,]$/, '');
    if (NOT_A_FILE.test(target)) continue;
    if (REPO_PATH.test(target)) {
      if (!existsSync(path.join(root, target))) missing.push(target);
    } else if (target.startsWith('src/') && pkg) {
      if (!existsSync(path.join(root, pkg, target))) missing.push(`${pkg}/${target}`);
    }
  }
  return missing;
}

describe('documentation', () => {
  it('should name only files that exist', () => {
    const broken = markdownFiles().flatMap((file) =>
      missingPaths(file).map((target) => `${file}: ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
