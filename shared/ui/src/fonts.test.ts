import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FONT_STACKS } from './font-stacks.ts';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const imports = [...readFileSync(resolve(here, 'fonts.ts'), 'utf8').matchAll(/^import '([^']+)';$/gm)].map(
  (m) => m[1] as string,
);

describe('fonts entry', () => {
  it('should import only latin-subset weights of the three brand fonts', () => {
    expect(imports.length).toBeGreaterThan(0);
    for (const specifier of imports)
      expect(specifier).toMatch(/^@fontsource\/(manrope|inter|space-grotesk)\/latin-[1-9]00\.css$/);
    expect(new Set(imports.map((s) => s.split('/')[1]))).toEqual(
      new Set(['manrope', 'inter', 'space-grotesk']),
    );
  });

  it('should import files that exist and ship their woff2 locally', () => {
    for (const specifier of imports) {
      const css = readFileSync(require.resolve(specifier), 'utf8');
      expect(css).toMatch(/url\(\.\/files\/[a-z-]+-latin-\d00-normal\.woff2\)/);
      expect(css).not.toMatch(/https?:/);
    }
  });

  it('should name in FONT_STACKS the families the @font-face rules declare', () => {
    const families = new Set(
      imports.map(
        (specifier) => /font-family: '([^']+)'/.exec(readFileSync(require.resolve(specifier), 'utf8'))?.[1],
      ),
    );
    expect(families).toEqual(new Set(['Manrope', 'Inter', 'Space Grotesk']));
    expect(FONT_STACKS.manrope.startsWith("'Manrope', ")).toBe(true);
    expect(FONT_STACKS.inter.startsWith("'Inter', ")).toBe(true);
    expect(FONT_STACKS.spaceGrotesk.startsWith("'Space Grotesk', ")).toBe(true);
    for (const stack of Object.values(FONT_STACKS)) expect(stack).toMatch(/sans-serif$/);
  });
});
