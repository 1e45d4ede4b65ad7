import path from 'node:path';
import type { CliContext } from '../commands.ts';

/** An in-process CLI context and the lines it printed (empty them with `out.length = 0`). */
export interface FakeCli {
  context: CliContext;
  out: string[];
  err: string[];
}

/** A CLI context on a repo (data in `<repo>/.data`) that keeps what it prints, with the given build and smoke. */
export function fakeCli(repoRoot: string, seams: Pick<CliContext, 'build' | 'smoke'>): FakeCli {
  const out: string[] = [];
  const err: string[] = [];
  return {
    context: {
      repoRoot,
      dataDir: path.join(repoRoot, '.data'),
      out: (line) => out.push(line),
      err: (line) => err.push(line),
      ...seams,
    },
    out,
    err,
  };
}
