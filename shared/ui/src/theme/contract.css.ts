import { createGlobalThemeContract } from '@vanilla-extract/css';

// Names are fixed strings (not hashed) so the shell and every separately built remote agree on them.
const TOKENS = {
  color: {
    bg: null,
    surface: null,
    surfaceRaised: null,
    surfaceHover: null,
    border: null,
    borderStrong: null,
    text: null,
    textMuted: null,
    textSubtle: null,
    accent: null,
    accentHover: null,
    accentText: null,
    accentSoft: null,
    onAccent: null,
    danger: null,
    dangerHover: null,
    onDanger: null,
    success: null,
    warning: null,
    focusRing: null,
    overlay: null,
    skeletonBase: null,
    skeletonHighlight: null,
  },
  gradient: {
    accent: null,
    accentHover: null,
  },
  font: {
    family: null,
  },
  radius: {
    sm: null,
    md: null,
    lg: null,
    xl: null,
    pill: null,
  },
  shadow: {
    sm: null,
    md: null,
    lg: null,
  },
  zIndex: {
    modal: null,
  },
} as const;

/** The theme contract: `var(--cmp-…)` references every bundle may use; values come from `@companion/ui/themes`. */
export const vars = createGlobalThemeContract(TOKENS, (_value, path) => `cmp-${path.map(toKebab).join('-')}`);

function toKebab(segment: string): string {
  return segment.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}
