import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const stack = style({ display: 'grid', gap: vars.space.xs, padding: `${vars.space.sm} 0` });

const base = style({
  display: 'grid',
  gap: 2,
  width: '100%',
  padding: `${vars.space.sm} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.lg,
  color: vars.color.onMedia,
  font: 'inherit',
  textAlign: 'left',
  cursor: 'pointer',
  boxShadow: vars.shadow.sm,
  selectors: { '&:focus-visible': { outline: `3px solid ${vars.color.focusRing}`, outlineOffset: 2 } },
});
export const subscription = style([base, { background: vars.gradient.promoSubscription }]);
export const tokens = style([base, { background: vars.gradient.promoTokens }]);
export const title = style({ fontWeight: 800, fontSize: vars.text.md });
export const subtitle = style({ fontSize: vars.text.xs, color: vars.color.onMediaMuted });
