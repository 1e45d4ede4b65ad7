import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 20,
  padding: '24px 24px 48px',
  maxWidth: 1480,
  margin: '0 auto',
  '@media': { 'screen and (max-width: 767px)': { padding: '14px 12px 32px', gap: 14 } },
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

export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: 24,
  alignItems: 'start',
  '@media': { 'screen and (min-width: 1024px)': { gridTemplateColumns: '420px minmax(0, 1fr)' } },
});

export const results = style({ display: 'flex', flexDirection: 'column', gap: 28, minWidth: 0 });
