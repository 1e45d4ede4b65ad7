import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const spotlight = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(160px, 260px) 1fr',
  gap: 28,
  alignItems: 'center',
  padding: 20,
  borderRadius: vars.radius.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.md,
  '@media': {
    'screen and (max-width: 550px)': { gridTemplateColumns: '1fr', gap: 16, padding: 14 },
  },
});

export const media = style({
  display: 'block',
  width: '100%',
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  aspectRatio: '2 / 3',
  '@media': { 'screen and (max-width: 550px)': { maxWidth: 240, margin: '0 auto' } },
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: 14, minWidth: 0 });

export const marks = style({ display: 'flex', gap: 6 });

const markBase = {
  padding: '3px 10px',
  borderRadius: vars.radius.pill,
  fontSize: 11,
  fontWeight: 800,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
} as const;

export const premium = style({ ...markBase, background: vars.gradient.accent, color: vars.color.onAccent });

export const mark = style({ ...markBase, background: vars.color.surfaceHover, color: vars.color.textMuted });

export const name = style({
  margin: 0,
  fontSize: 34,
  fontWeight: 800,
  color: vars.color.text,
  letterSpacing: '-0.02em',
});

export const age = style({ fontWeight: 500, color: vars.color.textMuted });

export const description = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: 16,
  lineHeight: 1.6,
  maxWidth: 560,
});

export const missing = style({
  padding: '18px 20px',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
