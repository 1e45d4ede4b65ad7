import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

const base = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  width: '100%',
  height: 104,
  padding: '0 24px',
  border: 0,
  borderRadius: vars.radius.lg,
  color: vars.color.onMedia,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  overflow: 'hidden',
  selectors: {
    '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
  '@media': { 'screen and (max-width: 550px)': { padding: '0 16px', height: 96 } },
});

const variants = styleVariants({
  subscription: { background: vars.gradient.promoSubscription },
  tokens: { background: vars.gradient.promoTokens },
});

export const subscription = style([base, variants.subscription]);

export const tokens = style([base, variants.tokens]);

export const text = style({ display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 });

export const headline = style({
  fontSize: 20,
  fontWeight: 800,
  letterSpacing: '-0.01em',
  '@media': { 'screen and (max-width: 550px)': { fontSize: 17 } },
});

export const detail = style({ fontSize: 14, opacity: 0.88 });

export const cta = style({
  flex: '0 0 auto',
  padding: '10px 20px',
  borderRadius: vars.radius.pill,
  background: vars.color.promoCta,
  color: vars.color.onPromoCta,
  fontWeight: 800,
  fontSize: 14,
});
