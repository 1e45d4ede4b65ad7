import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenCitations, commentLines, trackedFiles } from './citations.ts';
import { unlistedDecisions } from './decisions-index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** A repo in a temp folder with `files` (path → text); returns its root and the file list. */
function fakeRepo(files: Record<string, string>): { dir: string; list: string[] } {
  const dir = mkdtempSync(path.join(tmpdir(), 'citations-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return { dir, list: Object.keys(files) };
}

const REFERENCE = {
  'docs/product/000-app.md': '# 000\n\n## §2 Screens\n\n### §2.5 App shell\n\n## §4 States\n',
  'docs/product/001-payments.md': '# 001\n\n## §8 Errors\n',
};

describe('citations in the code', () => {
  it('should all resolve inside the repo (spec sections, research notes, no issue numbers)', () => {
    const broken = brokenCitations(root).map((b) => `${b.file}:${b.line} ${b.reason}: ${b.text}`);
    expect(broken).toEqual([]);
  });

  it('should report a spec section with no heading in docs/product, and accept one that has it', () => {
    const { dir, list } = fakeRepo({
      ...REFERENCE,
      'shell/a.ts': '// 000 §2.5 the shell\n// 000 §2.6 not written\nconst x = 1; // 001 §8 and 001 §9\n',
    });
    expect(brokenCitations(dir, list).map((b) => [b.line, b.reason])).toEqual([
      [2, '000 §2.6 has no heading in docs/product/'],
      [3, '001 §9 has no heading in docs/product/'],
    ]);
  });

  it('should report issue numbers in comments and test titles, and `#N` only in comments', () => {
    const { dir, list } = fakeRepo({
      ...REFERENCE,
      'remotes/x/a.ts': [
        '// Issue 13: regenerate',
        "it('works (issue 21 item 4)', () => {});",
        '/* see #28 */',
        "const colour = '#123'; // a colour, #fff",
        "const tab = '#1';",
      ].join('\n'),
      'infra/api/src/db/migrations/0001_x.sql': '-- issue 10 payments\nSELECT 1;\n',
    });
    expect(brokenCitations(dir, list).map((b) => `${b.file}:${b.line}`)).toEqual([
      'remotes/x/a.ts:1',
      'remotes/x/a.ts:2',
      'remotes/x/a.ts:3',
      'infra/api/src/db/migrations/0001_x.sql:1',
    ]);
  });

  it('should report a research note cited by its bare name, not by its path', () => {
    const { dir, list } = fakeRepo({
      ...REFERENCE,
      'infra/hubs/a.ts': '// (research note §7.1)\n// (docs/research/signalr-protocol.md §7.1)\n',
    });
    expect(brokenCitations(dir, list).map((b) => b.line)).toEqual([1]);
  });

  it('should read comments only, by line, across block comments', () => {
    expect(commentLines('a.ts', "const a = '// no';\n/* one\n two */ code // three")).toEqual([
      " // no';",
      ' /* one',
      '  two */ // three',
    ]);
  });
});

describe('the decisions index', () => {
  it('should list every ADR in docs/decisions/', () => {
    expect(unlistedDecisions(root, trackedFiles(root))).toEqual([]);
  });

  it('should name the ADRs it does not link', () => {
    const { dir, list } = fakeRepo({
      'docs/decisions/README.md': '- [0001 Record](0001-record.md)\n- [0002](./0002-two.md#context)\n',
      'docs/decisions/0001-record.md': '',
      'docs/decisions/0002-two.md': '',
      'docs/decisions/0003-three.md': '',
    });
    expect(unlistedDecisions(dir, list)).toEqual(['0003-three.md']);
  });
});
