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

export const toolbar = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: 16,
  flexWrap: 'wrap',
  marginTop: 4,
});

export const title = style({
  margin: 0,
  fontSize: 28,
  lineHeight: '36px',
  fontWeight: 800,
  letterSpacing: '-0.02em',
  color: vars.color.text,
  '@media': { 'screen and (max-width: 767px)': { fontSize: 22, lineHeight: '30px' } },
});

export const intro = style({ display: 'flex', flexDirection: 'column', gap: 6 });

export const lead = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.text.md });

export const error = style({
  padding: '18px 20px',
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
});
