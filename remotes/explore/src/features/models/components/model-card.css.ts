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

export const shade = style({
  position: 'absolute',
  inset: 0,
  // Keeps the white name legible on light portraits in both themes.
  background: 'linear-gradient(180deg, rgba(0,0,0,0) 55%, rgba(0,0,0,0.78) 100%)',
  pointerEvents: 'none',
});

export const marks = style({
  position: 'absolute',
  top: 10,
  left: 10,
  display: 'flex',
  gap: 6,
  flexWrap: 'wrap',
});

const mark = {
  padding: '3px 9px',
  borderRadius: vars.radius.pill,
  fontSize: 11,
  lineHeight: '16px',
  fontWeight: 700,
  letterSpacing: '0.03em',
  textTransform: 'uppercase',
  backdropFilter: 'blur(6px)',
} as const;

export const premium = style({ ...mark, background: vars.gradient.accent, color: vars.color.onMedia });

export const anime = style({ ...mark, background: 'rgba(12, 11, 16, 0.55)', color: vars.color.onMedia });

export const lock = style({
  position: 'absolute',
  top: 10,
  right: 10,
  display: 'grid',
  placeItems: 'center',
  width: 30,
  height: 30,
  borderRadius: '50%',
  background: 'rgba(12, 11, 16, 0.6)',
  backdropFilter: 'blur(6px)',
  color: vars.color.onMedia,
});

export const foot = style({
  position: 'absolute',
  left: 14,
  right: 14,
  bottom: 12,
  display: 'flex',
  alignItems: 'baseline',
  gap: 8,
  textShadow: '0 1px 8px rgba(0,0,0,0.4)',
});

export const name = style({
  fontSize: vars.text.lg,
  fontWeight: 800,
  letterSpacing: '-0.01em',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

export const age = style({ fontSize: 16, fontWeight: 500, opacity: 0.85 });
