import { style } from '@vanilla-extract/css';
import { vars } from '../theme/contract.css.ts';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '16px',
  minHeight: '60vh',
  padding: '48px 24px',
  textAlign: 'center',
  color: vars.color.text,
});

export const illustration = style({
  width: '200px',
  maxWidth: '60vw',
  height: 'auto',
  color: vars.color.text,
  marginBottom: '8px',
});

export const title = style({
  fontSize: '28px',
  lineHeight: 1.25,
  fontWeight: 800,
  letterSpacing: '-0.02em',
});

export const text = style({
  maxWidth: '480px',
  color: vars.color.textMuted,
  fontSize: '16px',
  lineHeight: 1.6,
});

export const action = style({ marginTop: '8px' });
