import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { MEDIA_MAX } from '@companion/ui';
import { vars } from '@companion/ui/theme';

// On a phone the offer fills the modal's bottom sheet to nearly the screen's height (an offer is the whole moment)
// and sits in its middle, not at its top.
export const body = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [MEDIA_MAX.phone]: { minHeight: 'calc(100dvh - 112px)', alignContent: 'center' } },
});

export const hero = style({
  position: 'relative',
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.lg} ${vars.space.xl}`,
  borderRadius: vars.radius.xl,
  background: vars.gradient.promoTokens,
  color: vars.color.onMedia,
  textAlign: 'center',
  overflow: 'hidden',
});
export const heroPlan = style({ background: vars.gradient.promoSubscription });

export const badge = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.promoCta,
  color: vars.color.onPromoCta,
  fontSize: vars.text.xs,
  fontWeight: 800,
  letterSpacing: '0.04em',
});

export const tag = style({
  fontSize: 40,
  fontWeight: 900,
  lineHeight: 1,
  letterSpacing: '-0.02em',
  textShadow: '0 2px 12px rgba(0,0,0,0.25)',
});

export const title = style({ margin: 0, fontSize: vars.text.xl, fontWeight: 800, lineHeight: 1.2 });
export const subtitle = style({ margin: 0, color: vars.color.onMediaMuted, fontSize: vars.text.sm });

const float = keyframes({
  '0%,100%': { transform: 'translateY(0)' },
  '50%': { transform: 'translateY(-4px)' },
});
export const art = style({
  display: 'grid',
  placeItems: 'center',
  width: 72,
  height: 72,
  borderRadius: '50%',
  background: 'rgba(255,255,255,0.18)',
  boxShadow: 'inset 0 0 0 2px rgba(255,255,255,0.35)',
  animation: `${float} 3s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});
export const artTone = styleVariants({
  'message-adult': { background: 'radial-gradient(circle at 30% 30%, #ff8fb1, #c2185b)' },
  'message-safe': { background: 'radial-gradient(circle at 30% 30%, #9fb4ff, #5c6bc0)' },
  'photo-adult': { background: 'radial-gradient(circle at 30% 30%, #ffb38a, #d84315)' },
  'photo-safe': { background: 'radial-gradient(circle at 30% 30%, #8fe3d1, #00897b)' },
});

export const timer = style({
  justifySelf: 'center',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xxs} ${vars.space.md}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
});

export const product = style({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `2px solid ${vars.color.accent}`,
  borderRadius: vars.radius.lg,
  background: vars.color.accentSoft,
  color: vars.color.text,
});
export const productName = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  fontSize: vars.text.lg,
  fontWeight: 800,
});
export const productNote = style({ color: vars.color.accentText, fontWeight: 700, fontSize: vars.text.sm });
export const prices = style({ display: 'grid', justifyItems: 'end' });
export const previous = style({
  color: vars.color.textMuted,
  textDecoration: 'line-through',
  fontSize: vars.text.sm,
});
export const current = style({ fontSize: vars.text.xl, fontWeight: 900 });

export const note = style({
  margin: 0,
  textAlign: 'center',
  color: vars.color.textMuted,
  fontSize: vars.text.sm,
});

export const consent = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  gap: vars.space.sm,
  alignItems: 'start',
  fontSize: vars.text.sm,
  color: vars.color.textMuted,
  cursor: 'pointer',
});
export const checkbox = style({ width: 18, height: 18, margin: '2px 0 0', accentColor: vars.color.accent });

export const actions = style({ display: 'grid', gap: vars.space.xs });
export const error = style({
  margin: 0,
  color: vars.color.danger,
  textAlign: 'center',
  fontSize: vars.text.sm,
});
export const paid = style({ margin: 0, textAlign: 'center', fontWeight: 700, color: vars.color.success });

export const list = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const listItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontWeight: 600 });
export const tick = style({ color: vars.color.success, fontWeight: 900 });

export const confirmIcon = style({
  justifySelf: 'center',
  display: 'grid',
  placeItems: 'center',
  width: 64,
  height: 64,
  borderRadius: '50%',
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: 30,
});
export const confirmTitle = style({
  margin: 0,
  textAlign: 'center',
  fontSize: vars.text.xl,
  fontWeight: 800,
});
export const confirmText = style({ margin: 0, textAlign: 'center', color: vars.color.textMuted });

const shake = keyframes({
  '0%,100%': { transform: 'rotate(0) scale(1)' },
  '20%': { transform: 'rotate(-8deg) scale(1.05)' },
  '40%': { transform: 'rotate(8deg) scale(1.1)' },
  '60%': { transform: 'rotate(-6deg) scale(1.15)' },
  '80%': { transform: 'rotate(4deg) scale(1.2)' },
});
export const box = style({
  justifySelf: 'center',
  display: 'grid',
  placeItems: 'center',
  width: 132,
  height: 132,
  border: 'none',
  borderRadius: vars.radius.xl,
  background: vars.gradient.accent,
  color: vars.color.onAccent,
  boxShadow: vars.shadow.lg,
  fontSize: 56,
  cursor: 'pointer',
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 3 } },
});
export const boxRevealing = style({ animation: `${shake} 900ms ease-in-out` });
export const reveal = style({
  textAlign: 'center',
  fontSize: 36,
  fontWeight: 900,
  color: vars.color.accentText,
});

export const plans = style({ display: 'grid', gap: vars.space.sm, margin: 0, padding: 0 });
export const plan = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  selectors: {
    '&[aria-checked="true"]': { borderColor: vars.color.accent, background: vars.color.accentSoft },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
});
export const planText = style({ display: 'grid', gap: 2 });
export const dot = style({
  width: 20,
  height: 20,
  borderRadius: '50%',
  border: `2px solid ${vars.color.borderStrong}`,
  selectors: { [`${plan}[aria-checked="true"] &`]: { borderColor: vars.color.accent, borderWidth: 6 } },
});
export const perks = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.text.sm,
  fontWeight: 600,
});
export const disclaimer = style({
  margin: 0,
  color: vars.color.textSubtle,
  fontSize: vars.text.xs,
  textAlign: 'center',
});
