import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const intro = style({
  margin: `0 0 ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.text.sm,
});

export const section = style({
  margin: `${vars.space.lg} 0 ${vars.space.sm}`,
  fontSize: vars.text.xs,
  fontWeight: 800,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.xs} ${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  fontSize: vars.text.sm,
  lineHeight: 1.4,
});

export const kind = style({
  flexShrink: 0,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.text.xs,
  fontWeight: 700,
});

export const text = style({ flex: 1, minWidth: 0, overflowWrap: 'anywhere' });

export const empty = style({ color: vars.color.textMuted, fontSize: vars.text.sm, margin: 0 });

export const error = style({ color: vars.color.danger, fontSize: vars.text.sm });
