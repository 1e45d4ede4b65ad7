import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const card = style({
  position: 'relative',
  display: 'block',
  width: '100%',
  aspectRatio: '2 / 3',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  cursor: 'pointer',
  background: vars.color.skeletonBase,
  color: vars.color.onMedia,
  textAlign: 'left',
  font: 'inherit',
  boxShadow: vars.shadow.sm,
  transition: 'transform 200ms ease, box-shadow 200ms ease',
  isolation: 'isolate',
  selectors: {
    '&:hover': { transform: 'translateY(-3px)', boxShadow: vars.shadow.md },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});

// Scoped under the card so it outranks the shared Image's own sizing classes whatever the stylesheet order.
export const image = style({
  selectors: {
    [`${card} &`]: {
      position: 'absolute',
      inset: 0,
      width: '100%',
      height: '100%',
      objectFit: 'cover',
      transition: 'transform 400ms ease',
    },
    [`${card}:hover &`]: { transform: 'scale(1.04)' },
  },
});

// The preview is already drawn from coarse colour masses (ADR 0022); the blur makes it read as "hidden".
export const locked = style({
  selectors: {
    [`${card} &`]: { filter: 'blur(14px) saturate(1.1)', transform: 'scale(1.15)' },
    [`${card}:hover &`]: { transform: 'scale(1.2)' },
  },
});

export const shade = style({
  position: 'absolute',
  inset: 0,
  background: vars.gradient.mediaScrim,
  pointerEvents: 'none',
});

export const center = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 10,
  padding: 12,
  textAlign: 'center',
});

export const lockDisc = style({
  display: 'grid',
  placeItems: 'center',
  width: 48,
  height: 48,
  borderRadius: '50%',
  background: 'rgba(12, 11, 16, 0.45)',
  backdropFilter: 'blur(6px)',
  color: vars.color.onMedia,
});

export const unlockPill = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '8px 14px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  fontSize: 14,
  fontWeight: 700,
  boxShadow: vars.shadow.md,
  whiteSpace: 'nowrap',
  selectors: { [`${card}:hover &`]: { background: vars.gradient.accentHover } },
});

export const foot = style({
  position: 'absolute',
  left: 12,
  right: 12,
  bottom: 10,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 8,
  textShadow: '0 1px 8px rgba(0,0,0,0.4)',
});

export const name = style({
  fontSize: 16,
  fontWeight: 800,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const mark = style({
  padding: '3px 9px',
  borderRadius: vars.radius.pill,
  fontSize: 11,
  lineHeight: '16px',
  fontWeight: 700,
  letterSpacing: '0.03em',
  textTransform: 'uppercase',
  background: 'rgba(12, 11, 16, 0.55)',
  backdropFilter: 'blur(6px)',
  color: vars.color.onMedia,
});

export const secretMark = style({ position: 'absolute', top: 10, left: 10 });
