import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 10,
  padding: '6px 12px 6px 6px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const track = style({
  position: 'relative',
  width: 38,
  height: 22,
  borderRadius: vars.radius.pill,
  background: vars.color.borderStrong,
  transition: 'background 150ms ease',
  selectors: { [`${root}[aria-checked="true"] &`]: { background: vars.gradient.accent } },
});

export const thumb = style({
  position: 'absolute',
  top: 3,
  left: 3,
  width: 16,
  height: 16,
  borderRadius: '50%',
  background: '#fff',
  boxShadow: vars.shadow.sm,
  transition: 'transform 150ms ease',
  selectors: { [`${root}[aria-checked="true"] &`]: { transform: 'translateX(16px)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
