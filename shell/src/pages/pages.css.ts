import { style } from '@vanilla-extract/css';
import { vars } from '@companion/ui/theme';

export const page = style({ padding: '32px 24px', maxWidth: 880, margin: '0 auto' });

export const centered = style({
  minHeight: '60vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  gap: 12,
  padding: 24,
});

export const code = style({
  fontSize: 96,
  fontWeight: 800,
  lineHeight: 1,
  background: vars.gradient.accent,
  WebkitBackgroundClip: 'text',
  backgroundClip: 'text',
  color: 'transparent',
});

export const title = style({ margin: 0, fontSize: 28, fontWeight: 800, color: vars.color.text });

export const text = style({ margin: 0, color: vars.color.textMuted, maxWidth: 520, lineHeight: 1.6 });

export const list = style({ display: 'grid', gap: 8, padding: 0, listStyle: 'none' });

export const link = style({ color: vars.color.accentText, textDecoration: 'none' });
