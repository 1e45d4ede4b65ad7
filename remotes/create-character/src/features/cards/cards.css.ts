import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const importBox = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 6,
  alignItems: 'flex-start',
});

export const importLabel = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 40,
  padding: '0 16px',
  borderRadius: vars.radius.pill,
  border: `1px dashed ${vars.color.borderStrong}`,
  color: vars.color.text,
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  ':hover': { background: vars.color.surfaceHover },
  selectors: {
    [`&:has(+ input:focus-visible)`]: { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const fileInput = style({ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' });

export const error = style({ margin: 0, fontSize: 13, fontWeight: 600, color: vars.color.danger });
