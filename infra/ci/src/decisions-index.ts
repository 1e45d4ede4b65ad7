// The decisions index (`docs/decisions/README.md`) lists every ADR, so a reader who starts there finds each one.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** ADR files (`docs/decisions/NNNN-title.md`) the index does not link to. */
export function unlistedDecisions(root: string, files: readonly string[]): string[] {
  const index = readFileSync(path.join(root, 'docs', 'decisions', 'README.md'), 'utf8');
  const linked = new Set([...index.matchAll(/\]\((?:\.\/)?(\d{4}-[^)#\s]+\.md)/g)].map(([, name]) => name!));
  return files
    .filter((file) => /^docs\/decisions\/\d{4}-[^/]+\.md$/.test(file))
    .map((file) => path.basename(file))
    .filter((name) => !linked.has(name));
}
