// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { leanThumbmark, THUMBMARK_STUBS } from '@companion/build-config';
import { FINGERPRINT_SIGNALS } from './fingerprint.ts';

const SHELL = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

describe("the shell's build of ThumbmarkJS (ADR 0275)", () => {
  const { alias } = leanThumbmark(SHELL);
  const src = path.dirname(alias['@thumbmarkjs/thumbmarkjs$']!);
  const sources = (dir: string): string[] =>
    ['factory.ts', 'functions/index.ts'].map((file) => readFileSync(path.join(dir, file), 'utf8'));

  it('should build from the sources of the pinned 1.11.0, starting at the Thumbmark class', () => {
    const pkg = JSON.parse(readFileSync(path.join(src, '..', 'package.json'), 'utf8')) as { version: string };
    expect(pkg.version).toBe('1.11.0');
    expect(existsSync(alias['@thumbmarkjs/thumbmarkjs$']!)).toBe(true);
  });

  it('should replace only modules its sources import, so an upgrade that moves them fails here', () => {
    const text = sources(src).join('\n');
    for (const request of Object.keys(THUMBMARK_STUBS))
      expect(text).toMatch(new RegExp(`from ["']${request.replace(/[./]/g, '\\$&')}["']`));
  });

  it('should leave out no component the shell includes, except canvas which the shell registers itself', () => {
    const stubbed = Object.keys(THUMBMARK_STUBS)
      .filter((request) => request.startsWith('./components/'))
      .map((request) => request.slice('./components/'.length));
    expect(stubbed.filter((name) => (FINGERPRINT_SIGNALS as readonly string[]).includes(name))).toEqual([
      'canvas',
    ]);
    const shell = readFileSync(path.join(SHELL, 'src', 'session', 'fingerprint.ts'), 'utf8');
    expect(shell).toContain("includeComponent('canvas'");
    expect(shell).toContain('logging: false');
  });
});
