import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 20,
  padding: '24px 24px 48px',
  maxWidth: 1680,
  margin: '0 auto',
  '@media': {
    'screen and (max-width: 767px)': { padding: '14px 12px 32px', gap: 14 },
    'screen and (min-width: 1751px)': { maxWidth: 1920 },
  },
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
});

export const intro = style({ display: 'flex', flexDirection: 'column', gap: 6 });

export const title = style({
  margin: 0,
  fontSize: 28,
  lineHeight: '36px',
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  '@media': { 'screen and (max-width: 767px)': { fontSize: 22, lineHeight: '30px' } },
});

export const lead = style({ margin: 0, color: vars.color.textMuted, fontSize: 15 });

export const filters = style({ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' });

export const error = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 12,
  padding: '14px 16px',
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  flexWrap: 'wrap',
});

export const priceLine = style({ display: 'inline-flex', alignItems: 'center', gap: 6, fontWeight: 700 });
