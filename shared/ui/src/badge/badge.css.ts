import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '4px',
  padding: '2px 8px',
  borderRadius: vars.radius.pill,
  fontSize: '11px',
  lineHeight: '16px',
  fontWeight: 700,
  letterSpacing: '0.02em',
  whiteSpace: 'nowrap',
  verticalAlign: 'middle',
});

export const tone = styleVariants({
  accent: { background: vars.gradient.accent, color: vars.color.onAccent },
  soft: { background: vars.color.accentSoft, color: vars.color.accentText },
  neutral: {
    background: vars.color.surfaceHover,
    color: vars.color.textMuted,
    border: `1px solid ${vars.color.border}`,
  },
});
