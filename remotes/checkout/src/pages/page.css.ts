import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const page = style({
  width: '100%',
  maxWidth: 640,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md} ${vars.space.xxl}`,
});
export const title = style({
  margin: `0 0 ${vars.space.xs}`,
  fontSize: vars.text.xxl,
  fontWeight: 800,
  textAlign: 'center',
  color: vars.color.text,
});
export const lead = style({
  margin: `0 0 ${vars.space.lg}`,
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const consent = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  marginTop: vars.space.md,
  color: vars.color.textMuted,
  fontSize: vars.text.sm,
  lineHeight: 1.4,
  cursor: 'pointer',
});
