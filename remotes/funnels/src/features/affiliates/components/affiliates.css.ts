import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';
import { backdrop } from '../../../lib/backdrop.css.ts';

export const page = style([backdrop, { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxl}` }]);

export const layout = style({
  width: '100%',
  maxWidth: '1040px',
  display: 'grid',
  gap: vars.space.xl,
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: '1.1fr 1fr', alignItems: 'start' } },
});

export const intro = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md });
export const title = style({ margin: 0, fontSize: vars.text.xxl, lineHeight: 1.15, fontWeight: 800 });
export const lead = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.text.md,
  lineHeight: 1.5,
});

export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: vars.space.sm });
export const stat = style({
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});
export const statValue = style({ fontSize: vars.text.xl, fontWeight: 800, color: vars.color.accentText });
export const statLabel = style({ fontSize: vars.text.xs, color: vars.color.textMuted });

export const form = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.xl,
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
});
export const formTitle = style({ margin: 0, fontSize: vars.text.lg, fontWeight: 800 });
export const select = style({
  height: '44px',
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.borderStrong}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  font: 'inherit',
});
export const label = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.text.sm,
  fontWeight: 600,
});
export const status = style({ margin: 0, fontSize: vars.text.sm });
export const error = style([status, { color: vars.color.danger }]);
