import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const screen = style({
  display: 'grid',
  gap: vars.space.md,
  textAlign: 'center',
  justifyItems: 'center',
});
export const icon = style({
  display: 'grid',
  placeItems: 'center',
  width: 64,
  height: 64,
  borderRadius: '50%',
  fontSize: 32,
  fontWeight: 900,
  color: '#fff',
});
export const iconSuccess = style([icon, { background: vars.color.success }]);
export const iconFail = style([icon, { background: vars.color.danger }]);
export const title = style({ margin: 0, fontSize: vars.text.xl, fontWeight: 800, color: vars.color.text });
export const message = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5, maxWidth: 440 });
export const details = style({
  width: '100%',
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});
export const row = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.md,
  fontSize: vars.text.sm,
});
export const term = style({ color: vars.color.textMuted });
export const value = style({ margin: 0, fontWeight: 700, color: vars.color.text, textAlign: 'right' });
export const total = style([value, { fontSize: vars.text.lg }]);
export const note = style({
  margin: 0,
  fontSize: vars.text.xs,
  color: vars.color.textSubtle,
  lineHeight: 1.5,
});
export const actions = style({ display: 'grid', gap: vars.space.sm, width: '100%' });
export const link = style({
  color: vars.color.accentText,
  fontWeight: 700,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline' } },
});
export const gift = style({
  display: 'grid',
  gap: 4,
  width: '100%',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.gradient.promoTokens,
  color: vars.color.onMedia,
});
export const giftAmount = style({ fontSize: vars.text.lg, fontWeight: 900 });
export const giftNote = style({ fontSize: vars.text.xs, color: vars.color.onMediaMuted, lineHeight: 1.5 });
export const spinnerWrap = style({ padding: vars.space.lg });
/** A waiting step (processing, redirect): a steady height in the modal's sheet on a phone, its content centred. */
export const waiting = style([screen, { minHeight: 'min(60vh, 320px)', alignContent: 'center' }]);
