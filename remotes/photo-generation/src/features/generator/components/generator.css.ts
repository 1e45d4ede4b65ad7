import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 18,
  padding: 20,
  borderRadius: vars.radius.xl,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.sm,
  '@media': { 'screen and (max-width: 767px)': { padding: 14, gap: 14 } },
});

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: 8,
  fontSize: 13,
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

// Rows of chips may wrap: a rounded box instead of a pill then.
export const chips = style({ flexWrap: 'wrap', borderRadius: vars.radius.lg });

export const characters = style({
  display: 'flex',
  gap: 10,
  overflowX: 'auto',
  padding: '2px 2px 6px',
  margin: 0,
  listStyle: 'none',
  scrollbarWidth: 'thin',
});

export const tile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: 6,
  width: 84,
  flex: '0 0 auto',
  padding: 4,
  border: `2px solid transparent`,
  borderRadius: vars.radius.lg,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: 13,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&[aria-pressed="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
    '&:hover': { background: vars.color.surfaceHover },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const avatar = style({
  selectors: {
    [`${tile} &`]: {
      width: 72,
      height: 96,
      borderRadius: vars.radius.md,
      objectFit: 'cover',
      objectPosition: 'top',
    },
  },
});

export const newLook = style({
  display: 'grid',
  placeItems: 'center',
  width: 72,
  height: 96,
  borderRadius: vars.radius.md,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
});

export const tileName = style({
  maxWidth: '100%',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const generate = style({ display: 'flex', flexDirection: 'column', gap: 8 });

export const priceNote = style({ margin: 0, fontSize: 13, color: vars.color.textMuted, textAlign: 'center' });
