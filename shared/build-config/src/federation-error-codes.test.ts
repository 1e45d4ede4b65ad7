import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { rspack } from '@rspack/core';
import { afterAll, describe, expect, it } from 'vitest';
import { federationErrorCodesOnly, FEDERATION_RUNTIME_AS_ESM, resolveOptions } from './common.ts';

// ADR 0457: what a federation error reads in a production bundle once the runtime's sentences are swapped out.
// The runtime's packages as the shell's build sees them: beside `@module-federation/enhanced`.
const enhanced = createRequire(import.meta.url).resolve('@module-federation/enhanced');
const federationPackages = enhanced.slice(
  0,
  enhanced.lastIndexOf(`${path.sep}@module-federation${path.sep}`),
);
const dir = mkdtempSync(path.join(tmpdir(), 'error-codes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bundle(plugins: ReturnType<typeof federationErrorCodesOnly>[]): Promise<string> {
  writeFileSync(
    path.join(dir, 'entry.js'),
    `import { RUNTIME_008, getShortErrorMsg, runtimeDescMap } from '@module-federation/error-codes';\n` +
      `globalThis.message = getShortErrorMsg(RUNTIME_008, runtimeDescMap, { resourceUrl: '/remotes/explore/x.js' });\n`,
  );
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './entry.js',
    output: { path: path.join(dir, 'dist'), filename: 'out.js' },
    resolve: { ...resolveOptions(), modules: [federationPackages, 'node_modules'] },
    module: { rules: [FEDERATION_RUNTIME_AS_ESM] },
    plugins,
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
      else resolve(readFileSync(path.join(dir, 'dist', 'out.js'), 'utf8'));
    }),
  );
}

const messageOf = (code: string) => {
  const context: { message?: string } = {};
  runInNewContext(code, { globalThis: context });
  return context.message;
};

describe('the federation runtime without its error sentences', () => {
  it('keeps the code, the arguments and the troubleshooting link, and drops the sentences', async () => {
    const code = await bundle([federationErrorCodesOnly()]);
    expect(code).not.toContain('Failed to load script resources');
    expect(messageOf(code)).toBe(
      ' #RUNTIME-008\nargs: {"resourceUrl":"/remotes/explore/x.js"}\n' +
        'View the docs to see how to solve: https://module-federation.io/guide/troubleshooting/runtime#runtime-008',
    );
  }, 30_000);

  it('is what removes them: without it the sentence is there', async () => {
    const code = await bundle([]);
    expect(messageOf(code)).toMatch(/^Failed to load script resources\. #RUNTIME-008\n/);
  }, 30_000);
});
