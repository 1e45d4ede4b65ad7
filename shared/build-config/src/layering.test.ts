import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function rulesHit(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

/** The rules hit by a file that imports `a` from `specifier` and re-exports it. */
function importHits(file: string, specifier: string): Promise<string[]> {
  return rulesHit(file, `import { a } from '${specifier}';\nexport { a };\n`);
}

// The house style's import directions are lint rules (rule 1); these tests keep the rules honest.
describe('layering lint rules', () => {
  it('should forbid a remote importing another remote, the shell or infra', async () => {
    for (const target of ['@companion/explore', '@companion/shell', '@companion/api']) {
      expect(await importHits('remotes/chat/src/x.ts', target), target).toContain('no-restricted-imports');
    }
  });

  it('should forbid a relative import that leaves the package', async () => {
    expect(await importHits('remotes/chat/src/x.ts', '../../gallery/src/a.ts')).toContain(
      'local/no-cross-package-relative',
    );
    expect(await importHits('shell/src/app/x.ts', '../../../shared/ui/src/index.ts')).toContain(
      'local/no-cross-package-relative',
    );
  });

  it('should forbid raw fetch, localStorage and WebSocket in a remote', async () => {
    const hits = await rulesHit(
      'remotes/gallery/src/x.ts',
      `export const a = [fetch, localStorage, WebSocket];\n`,
    );
    expect(hits.filter((h) => h === 'no-restricted-globals')).toHaveLength(3);
  });

  it('should forbid shared packages importing app-level code and the shell importing remotes', async () => {
    expect(await importHits('shared/ui/src/x.ts', '@companion/chat')).toContain('no-restricted-imports');
    expect(await importHits('shell/src/x.ts', '@companion/checkout')).toContain('no-restricted-imports');
  });

  it('should allow the permitted directions', async () => {
    expect(
      await rulesHit(
        'remotes/chat/src/x.ts',
        `import { CONTRACT_VERSION } from '@companion/contracts';\nimport { Button } from '@companion/ui';\nimport { defineRemote } from '@companion/remote-kit';\nexport { CONTRACT_VERSION, Button, defineRemote };\n`,
      ),
    ).toEqual([]);
    expect(await importHits('remotes/chat/src/a/b.ts', '../c.ts')).toEqual([]);
  });

  it('should forbid sessionStorage, location, BroadcastChannel and postMessage in a remote', async () => {
    const hits = await rulesHit(
      'remotes/gallery/src/x.ts',
      `export const a = [sessionStorage, location, BroadcastChannel, window.location, window.postMessage];\n`,
    );
    expect(hits.filter((h) => h === 'no-restricted-globals')).toHaveLength(3);
    expect(hits.filter((h) => h === 'no-restricted-properties')).toHaveLength(2);
  });

  it('should forbid one feature of a remote importing another, and allow a page composing them', async () => {
    expect(
      await importHits('remotes/explore/src/features/models/hooks/x.ts', '../../offers/lib/a.ts'),
    ).toContain('local/feature-boundaries');
    expect(await importHits('remotes/explore/src/pages/x.ts', '../features/offers/lib/a.ts')).toEqual([]);
  });

  it("should keep the shell's layers: the session imports no chrome, the chrome may read the session", async () => {
    expect(await importHits('shell/src/session/x.ts', '../chrome/a.ts')).toContain(
      'local/feature-boundaries',
    );
    expect(await importHits('shell/src/chrome/x.ts', '../session/a.ts')).toEqual([]);
  });

  it('should hold each shared package to its allow-list', async () => {
    expect(await importHits('shared/contracts/src/x.ts', '@companion/remote-kit')).toContain(
      'no-restricted-imports',
    );
    expect(await importHits('shared/event-bus/src/x.ts', '@companion/ui')).toContain('no-restricted-imports');
    expect(await importHits('shared/remote-kit/src/x.ts', '@companion/history')).toEqual([]);
  });

  it('should apply the hook rules in shared packages with hooks', async () => {
    expect(
      await rulesHit(
        'shared/remote-kit/src/x.ts',
        `import { useState } from 'react';\nexport function f(on: boolean) {\n  if (on) useState(0);\n}\n`,
      ),
    ).toContain('react-hooks/rules-of-hooks');
  });

  it('should refuse an import cycle (type-only imports excepted)', async () => {
    const events = readFileSync(path.join(root, 'shared/contracts/src/events.ts'), 'utf8');
    expect(
      await rulesHit(
        'shared/contracts/src/events.ts',
        `import { CONTRACT_VERSION as _V } from './index.ts';\nexport const _v = _V;\n${events}`,
      ),
    ).toContain('import-x/no-cycle');
  });
});
