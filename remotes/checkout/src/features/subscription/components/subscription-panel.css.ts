import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const panel = style({ display: 'grid', gap: vars.space.md, color: vars.color.text });
export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' });
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.text.sm });
export const heading = style({ margin: 0, fontSize: vars.text.md, fontWeight: 800 });
export const cards = style({ display: 'grid', gap: vars.space.xs, margin: 0, padding: 0, listStyle: 'none' });
export const card = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
});
export const reasons = style({ display: 'grid', gap: vars.space.xs, border: 0, margin: 0, padding: 0 });
export const reason = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', cursor: 'pointer' });
export const renewal = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifySelf: 'start',
  gap: vars.space.xs,
  margin: 0,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.pill,
  background: vars.color.accentSoft,
  color: vars.color.accentText,
  fontSize: vars.text.sm,
  fontWeight: 700,
});
