import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const banner = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: `0 0 ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.accent}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
});
export const badge = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.text.xs,
  fontWeight: 800,
  letterSpacing: '0.04em',
});
export const title = style({ fontWeight: 800, fontSize: vars.text.md });
export const label = style({ color: vars.color.accentText, fontWeight: 700, fontSize: vars.text.sm });
export const pill = style({
  marginLeft: 'auto',
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.accentText}`,
  color: vars.color.accentText,
  fontSize: vars.text.xs,
  fontWeight: 800,
});
