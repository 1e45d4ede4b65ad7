import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { vars } from './index.ts';
import { DARK } from './palettes.ts';

function leaves(tree: object, path: string[] = []): Array<[string[], string]> {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[[...path, key], value] as [string[], string]]
      : leaves(value as object, [...path, key]),
  );
}

const here = dirname(fileURLToPath(import.meta.url));

describe('theme contract', () => {
  it('should name every variable with the stable --cmp- prefix in kebab case', () => {
    expect(vars.color.bg).toBe('var(--cmp-color-bg)');
    expect(vars.color.surfaceRaised).toBe('var(--cmp-color-surface-raised)');
    expect(vars.gradient.accent).toBe('var(--cmp-gradient-accent)');
    expect(vars.font.family).toBe('var(--cmp-font-family)');
    for (const [, reference] of leaves(vars)) expect(reference).toMatch(/^var\(--cmp-[a-z]+(-[a-z0-9]+)*\)$/);
  });

  it('should have a value in the palettes for every variable and nothing else', () => {
    const contractPaths = leaves(vars).map(([path]) => path.join('.'));
    const palettePaths = leaves(DARK).map(([path]) => path.join('.'));
    expect(palettePaths.sort()).toEqual(contractPaths.sort());
  });

  it('should keep the `theme` entry free of stylesheets and style registrations', () => {
    // Follow local imports from the entry: a .css.ts file is allowed (evaluated at build time) only if it registers
    // no CSS, and no plain stylesheet may be imported.
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      expect(source).not.toMatch(
        /\b(style|styleVariants|globalStyle|createGlobalTheme|createTheme|keyframes|fontFace|globalFontFace)\(/,
      );
      for (const [, specifier] of source.matchAll(/from '([^']+)'|import '([^']+)'/g)) {
        if (!specifier) continue;
        expect(specifier).not.toMatch(/\.css$/);
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier));
      }
    };
    visit(resolve(here, 'index.ts'));
    expect([...seen].some((file) => file.endsWith('contract.css.ts'))).toBe(true);
  });
});
