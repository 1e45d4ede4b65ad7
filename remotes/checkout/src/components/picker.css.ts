import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const headline = style({ textAlign: 'center', margin: `0 0 ${vars.space.lg}` });
export const headlineTitle = style({
  margin: 0,
  fontSize: vars.text.xl,
  fontWeight: 800,
  lineHeight: 1.2,
  color: vars.color.text,
});
export const headlineSub = style({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.accentText,
  fontWeight: 700,
  fontSize: vars.text.md,
});

export const list = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0 });

export const card = style({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  transition: 'border-color 150ms ease, background 150ms ease, transform 150ms ease',
  selectors: {
    '&:hover:not([aria-disabled="true"])': { borderColor: vars.color.borderStrong },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
    '&[aria-checked="true"]': {
      borderColor: vars.color.accent,
      background: vars.color.accentSoft,
    },
    '&[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const radio = style({
  width: 22,
  height: 22,
  borderRadius: '50%',
  border: `2px solid ${vars.color.borderStrong}`,
  display: 'grid',
  placeItems: 'center',
  selectors: {
    [`${card}[aria-checked="true"] &`]: { borderColor: vars.color.accent, background: vars.color.accent },
    [`${card}[aria-checked="true"] &::after`]: {
      content: '""',
      width: 8,
      height: 8,
      borderRadius: '50%',
      background: vars.color.onAccent,
    },
  },
});

export const main = style({ display: 'grid', gap: 4, minWidth: 0 });
export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  flexWrap: 'wrap',
});
export const title = style({ fontSize: vars.text.md, fontWeight: 800 });
export const prices = style({
  display: 'flex',
  gap: vars.space.xs,
  alignItems: 'baseline',
  fontSize: vars.text.sm,
});
export const previous = style({ color: vars.color.textSubtle, textDecoration: 'line-through' });
export const current = style({ color: vars.color.textMuted, fontWeight: 600 });

export const daily = style({ display: 'grid', justifyItems: 'end', lineHeight: 1.1 });
export const dailyPrevious = style({
  color: vars.color.textSubtle,
  fontSize: vars.text.xs,
  textDecoration: 'line-through',
});
export const dailyValue = style({ fontSize: vars.text.xl, fontWeight: 800 });
export const dailyUnit = style({ fontSize: vars.text.xs, color: vars.color.textMuted });

export const label = style({
  position: 'absolute',
  top: -11,
  left: vars.space.lg,
  padding: '2px 10px',
  borderRadius: vars.radius.pill,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  fontSize: vars.text.xs,
  fontWeight: 800,
  letterSpacing: '0.02em',
});
export const labelCurrent = style({
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
});

export const discount = style({
  padding: '1px 8px',
  borderRadius: vars.radius.pill,
  background: vars.color.success,
  color: '#0b1a10',
  fontSize: vars.text.xs,
  fontWeight: 800,
});
export const save = style({
  padding: '1px 8px',
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.accent}`,
  color: vars.color.accentText,
  fontSize: vars.text.xs,
  fontWeight: 800,
});

export const renewal = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  gap: 4,
  padding: '1px 8px',
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.text.xs,
  fontWeight: 700,
});

export const action = style({ marginTop: vars.space.lg });
export const heldNote = style({
  margin: `0 0 ${vars.space.md}`,
  textAlign: 'center',
  color: vars.color.textMuted,
  lineHeight: 1.5,
});

export const methods = style({
  display: 'flex',
  justifyContent: 'center',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: `${vars.space.md} 0 0`,
  padding: 0,
  listStyle: 'none',
});
export const method = style({
  display: 'grid',
  placeItems: 'center',
  height: 28,
  minWidth: 44,
  padding: '0 8px',
  borderRadius: 6,
  background: '#fff',
  border: `1px solid ${vars.color.border}`,
});
export const methodLogo = style({ display: 'block', height: 18, width: 'auto', aspectRatio: '1' });

export const legal = style({
  margin: `${vars.space.md} 0 0`,
  color: vars.color.textSubtle,
  fontSize: vars.text.xs,
  lineHeight: 1.5,
  textAlign: 'center',
});

export const tokenGrid = style({
  display: 'grid',
  // Four packs: one row of four where they fit (desktop, the paywall), two by two on a phone, never 3 + 1.
  gridTemplateColumns: 'repeat(auto-fit, minmax(130px, 1fr))',
  gap: vars.space.sm,
});
export const tokenCard = style([
  card,
  { gridTemplateColumns: '1fr', justifyItems: 'center', textAlign: 'center', paddingTop: vars.space.xl },
]);
export const tokenAmount = style({
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  fontSize: vars.text.xl,
  fontWeight: 800,
});
export const tokenBonus = style({ color: vars.color.success, fontSize: vars.text.sm, fontWeight: 700 });
export const error = style({ color: vars.color.danger, textAlign: 'center', marginTop: vars.space.sm });

export const pending = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.sm,
  minHeight: 52,
  margin: 0,
  borderRadius: vars.radius.lg,
  border: `1px dashed ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.text.sm,
});
export const providerNote = style({
  margin: `${vars.space.sm} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.text.sm,
  textAlign: 'center',
});
