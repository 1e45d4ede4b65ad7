import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const body = style({ display: 'grid', gap: vars.space.md });
export const summary = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'baseline',
  gap: vars.space.md,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});
export const product = style({ margin: 0, fontWeight: 700, color: vars.color.text });
export const price = style({ margin: 0, fontSize: vars.text.xl, fontWeight: 800, color: vars.color.text });
export const frame = style({ minHeight: 320 });
export const status = style({
  margin: 0,
  minHeight: '1.5em',
  fontSize: vars.text.sm,
  color: vars.color.textMuted,
  textAlign: 'center',
});
export const secure = style({
  margin: 0,
  fontSize: vars.text.xs,
  color: vars.color.textSubtle,
  textAlign: 'center',
});
