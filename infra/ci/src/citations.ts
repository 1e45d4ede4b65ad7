// Every reference in the code resolves inside the repo (house style rule 16): a spec citation (`000 §4.2`,
// `001 §7`) names a heading of `docs/product/`, a research citation names a note in `docs/research/`, and no
// comment cites an issue tracker number, which a reader of the repo cannot open.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One citation a reader cannot follow: where it is and why. */
export interface BrokenCitation {
  file: string;
  line: number;
  text: string;
  reason: string;
}

/** Files scanned: source, SQL, configuration and the Markdown beside the code. ADRs and the references are not. */
const SCANNED = /\.(ts|tsx|js|mjs|cjs|sql|ya?ml|sh)$|(^|\/)(CONTEXT|README)\.md$/;
// The checker and its tests quote the forms they reject.
const NOT_SCANNED =
  /^docs\/(research|product|decisions)\/|(^|\/)(node_modules|dist)\/|^infra\/ci\/src\/citations/;

/** `000 §4`, `001§2.1`, `spec 000 §3` (the document, then the section). */
const SPEC_CITATION = /\b(00[01]) ?§ ?(\d+(?:\.\d+)*)/g;
/** The word followed by a number, as in `issue N`, `Issue N/M`, `issues N` or `issue #N`. */
const ISSUE_WORD = /\bissues? ?#?\d+/i;
/** `#28` in a comment (not a colour: `#fff`, `#1a2b3c`). */
const HASH_NUMBER = /(?:^|[\s(,;])#\d{1,5}\b(?![0-9a-f])/;
/** A research note cited by its old bare name instead of its path in `docs/research/`. */
const BARE_RESEARCH = /(?<!docs\/research\/)\b(payments\.md|product-landscape|research note|spike) ?§/i;

/** The `§N` / `§N.M` headings of each `docs/product/NNN-*.md`, by document number. */
export function productSections(root: string, files: readonly string[]): Map<string, Set<string>> {
  const sections = new Map<string, Set<string>>();
  const docs = files.filter((f) => /^docs\/product\/\d{3}-[^/]+\.md$/.test(f));
  for (const file of docs) {
    const found = new Set<string>();
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const [, id] of text.matchAll(/^#{2,4} §(\d+(?:\.\d+)*)\s/gm)) found.add(id!);
    sections.set(path.basename(file).slice(0, 3), found);
  }
  return sections;
}

/**
 * Comment text of a source file, line by line (other lines are empty), so code is not read. A lexer would be
 * exact; this is close enough for prose: a `//` inside a string counts as a comment.
 */
export function commentLines(file: string, text: string): string[] {
  const lines = text.split('\n').map(() => '');
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineOf = (offset: number) => {
    let line = 0;
    while (line + 1 < starts.length && starts[line + 1]! <= offset) line += 1;
    return line;
  };
  const add = (start: number, body: string) => {
    body.split('\n').forEach((part, i) => {
      lines[lineOf(start) + i] += ` ${part}`;
    });
  };
  const patterns = file.endsWith('.sql')
    ? [/--[^\n]*/g]
    : /\.(ya?ml|sh)$/.test(file)
      ? [/(?:^|\s)#[^\n]*/g]
      : [/\/\/[^\n]*/g, /\/\*[\s\S]*?\*\//g];
  const matches = patterns.flatMap((pattern) => [...text.matchAll(pattern)]);
  for (const match of matches.sort((a, b) => a.index - b.index)) add(match.index, match[0]);
  return lines;
}

/** The repo's files (tracked, and new ones not ignored), repo-relative. */
export function trackedFiles(root: string): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
}

/** Every citation in `files` (repo-relative) that does not resolve inside the repo. */
export function brokenCitations(
  root: string,
  files: readonly string[] = trackedFiles(root),
): BrokenCitation[] {
  const sections = productSections(root, files);
  const broken: BrokenCitation[] = [];
  for (const file of files) {
    if (!SCANNED.test(file) || NOT_SCANNED.test(file)) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    const markdown = file.endsWith('.md');
    const comments = markdown ? text.split('\n') : commentLines(file, text);
    text.split('\n').forEach((line, i) => {
      const report = (reason: string) => broken.push({ file, line: i + 1, text: line.trim(), reason });
      for (const [, doc, section] of line.matchAll(SPEC_CITATION))
        if (!sections.get(doc!)?.has(section!)) report(`${doc} §${section} has no heading in docs/product/`);
      // Test titles and messages are read like comments: an issue number there is as unfollowable.
      if (ISSUE_WORD.test(line)) report('cites an issue number; cite an ADR or a spec section instead');
      const comment = comments[i] ?? '';
      if (!markdown && HASH_NUMBER.test(comment)) report('cites `#N`; cite an ADR or a spec section instead');
      if (BARE_RESEARCH.test(comment))
        report('cites a research note by name; cite docs/research/<note>.md §N');
    });
  }
  return broken;
}
