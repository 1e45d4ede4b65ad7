import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

// Two promo cards in the left panel (256 px wide, 12 px padding): icon, two lines of text, a chevron. Text
// wraps rather than clips; the cards keep apart so the two gradients read as two actions.
export const stack = style({ display: 'grid', gap: vars.space.sm, padding: `${vars.space.sm} 0` });

const base = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  alignItems: 'center',
  gap: vars.space.md,
  width: '100%',
  minHeight: 64,
  padding: `${vars.space.md} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.lg,
  color: vars.color.onMedia,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  boxShadow: vars.shadow.sm,
  transition: 'transform 150ms ease, box-shadow 150ms ease, filter 150ms ease',
  selectors: {
    '&:hover': { transform: 'translateY(-1px)', boxShadow: vars.shadow.lg, filter: 'brightness(1.06)' },
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
});
export const subscription = style([base, { background: vars.gradient.promoSubscription }]);
export const tokens = style([base, { background: vars.gradient.promoTokens }]);

export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: 36,
  height: 36,
  borderRadius: '50%',
  background: 'rgba(255,255,255,0.18)',
  boxShadow: 'inset 0 0 0 1px rgba(255,255,255,0.3)',
});
export const text = style({ display: 'grid', gap: 2, minWidth: 0 });
export const title = style({
  fontWeight: 800,
  fontSize: vars.text.md,
  lineHeight: 1.2,
  overflowWrap: 'anywhere',
});
export const subtitle = style({
  fontSize: vars.text.xs,
  lineHeight: 1.3,
  color: vars.color.onMediaMuted,
  overflowWrap: 'anywhere',
});
export const chevron = style({ display: 'inline-flex', transform: 'rotate(-90deg)', opacity: 0.85 });
