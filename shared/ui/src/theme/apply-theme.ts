import { vars } from './contract.css.ts';

/** What the shell applies to the document: colour scheme and the brand's font stack. */
export interface ThemeSettings {
  mode: 'dark' | 'light';
  /** A CSS font-family stack, e.g. `FONT_STACKS.inter` for myMate. */
  fontFamily: string;
}

/** Switches the document theme: sets `data-theme` and the font variable on `<html>`, where the themes apply. */
export function applyTheme({ mode, fontFamily }: ThemeSettings): void {
  const root = document.documentElement;
  root.setAttribute('data-theme', mode);
  root.style.setProperty(cssVariableName(vars.font.family), fontFamily);
}

/** `var(--cmp-font-family)` → `--cmp-font-family`. */
function cssVariableName(reference: string): string {
  const match = /^var\((--[\w-]+)\)$/.exec(reference);
  if (!match?.[1]) throw new Error(`not a CSS variable reference: ${reference}`);
  return match[1];
}
