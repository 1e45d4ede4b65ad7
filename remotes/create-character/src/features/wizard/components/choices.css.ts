import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const group = style({
  border: 0,
  margin: 0,
  padding: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 10,
});

export const legend = style({
  padding: 0,
  marginBottom: 10,
  fontSize: 15,
  fontWeight: 700,
  color: vars.color.text,
  display: 'flex',
  gap: 8,
  alignItems: 'baseline',
});

export const hint = style({ fontSize: 13, fontWeight: 500, color: vars.color.textMuted });

export const tiles = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(104px, 1fr))',
  gap: 10,
  '@media': { 'screen and (max-width: 767px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 8 } },
});

export const bigTiles = style({
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  maxWidth: 560,
  '@media': { 'screen and (max-width: 767px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const nativeInput = style({
  position: 'absolute',
  opacity: 0,
  width: 1,
  height: 1,
  margin: 0,
  pointerEvents: 'none',
});

export const tile = style({
  position: 'relative',
  display: 'block',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  cursor: 'pointer',
  background: vars.color.surfaceRaised,
  border: `2px solid transparent`,
  boxShadow: vars.shadow.sm,
  transition: 'transform 120ms ease, border-color 120ms ease',
  ':hover': { transform: 'translateY(-2px)' },
  selectors: {
    '&:has(input:checked)': {
      borderColor: vars.color.accent,
      boxShadow: `0 0 0 3px ${vars.color.accentSoft}`,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});

export const tileImage = style({
  display: 'block',
  width: '100%',
  height: 'auto',
  aspectRatio: '1 / 1',
  objectFit: 'cover',
  objectPosition: 'center 22%',
  background: vars.color.skeletonBase,
  transform: 'scale(1.55)',
  transformOrigin: '50% 42%',
});

/** Big tiles (style, body) show the whole figure. */
export const tallImage = style({ aspectRatio: '3 / 4', objectPosition: 'center top', transform: 'none' });

/** Eye tiles zoom onto the eyes. */
export const zoomImage = style({ transform: 'scale(3)', transformOrigin: '50% 45%' });

export const tileLabel = style({
  position: 'absolute',
  insetInline: 0,
  bottom: 0,
  padding: '22px 8px 8px',
  background: vars.gradient.mediaScrim,
  color: vars.color.onMedia,
  fontSize: 13,
  fontWeight: 700,
  textAlign: 'center',
});

export const bigLabel = style({ fontSize: 18, padding: '36px 12px 14px' });

export const check = style({
  position: 'absolute',
  top: 8,
  right: 8,
  width: 24,
  height: 24,
  borderRadius: '50%',
  display: 'none',
  placeItems: 'center',
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  fontSize: 14,
  fontWeight: 800,
  selectors: { [`${tile}:has(input:checked) &`]: { display: 'grid' } },
});

export const chips = style({ display: 'flex', flexWrap: 'wrap', gap: 8 });

export const chip = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: 40,
  padding: '0 16px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: 14,
  fontWeight: 600,
  cursor: 'pointer',
  userSelect: 'none',
  ':hover': { background: vars.color.surfaceHover },
  selectors: {
    '&:has(input:checked)': {
      background: vars.gradient.accent,
      borderColor: 'transparent',
      color: vars.color.onAccent,
    },
    '&:has(input:focus-visible)': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    '&:has(input:disabled)': { opacity: 0.45, cursor: 'not-allowed' },
  },
});

export const error = style({ margin: 0, fontSize: 13, fontWeight: 600, color: vars.color.danger });

export const slider = style({ display: 'flex', flexDirection: 'column', gap: 6 });

export const sliderHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: 14,
  fontWeight: 700,
  color: vars.color.text,
});

export const sliderValue = style({ color: vars.color.accentText, fontVariantNumeric: 'tabular-nums' });

export const range = style({ width: '100%', accentColor: vars.color.accent, height: 28, cursor: 'pointer' });
